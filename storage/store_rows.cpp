#include "storage/store_rows.hpp"

#include "storage/event_log.hpp"

namespace umpire::storage::rows {

void insert_campaign(Database& db, const CampaignRecord& r) {
    db.prepare(
          "INSERT INTO campaigns (id, name, scenario, ruleset_name, ruleset_version, "
          "ruleset_hash, ruleset, settings, deadline_policy, time_zone, status, created_at) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind_all(r.id, r.name, r.scenario, r.ruleset_name, r.ruleset_version, r.ruleset_hash,
                  r.ruleset, r.settings, r.deadline_policy, r.time_zone, r.status, r.created_at)
        .run();
}

std::optional<CampaignRecord> select_campaign(Database& db, const std::string& id) {
    auto s = db.prepare(
        "SELECT id, name, scenario, ruleset_name, ruleset_version, ruleset_hash, ruleset, "
        "settings, deadline_policy, time_zone, status, created_at FROM campaigns WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return CampaignRecord{s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5),
                          s.text(6), s.text(7), s.text(8), s.text(9), s.text(10), s.text(11)};
}

void check_membership(const MembershipRecord& m) {
    if (m.role != "gm" && m.role != "player" && m.role != "observer")
        throw StorageError(ErrorKind::invalid_input,
                           "role must be gm, player or observer, not \"" + m.role + "\"");
    if ((m.role == "player") != m.player.has_value())
        throw StorageError(ErrorKind::invalid_input,
                           "a player membership names the player, and only it does");
}

void require_campaign(Database& db, const std::string& campaign) {
    // FOR UPDATE: on PostgreSQL the row stays locked until the transaction ends, so writes to
    // one campaign from several servers take turns (SQLite's write transaction locks the file).
    auto s = db.prepare(db.engine() == Engine::postgresql
                            ? "SELECT 1 FROM campaigns WHERE id = ? FOR UPDATE"
                            : "SELECT 1 FROM campaigns WHERE id = ?");
    s.bind(1, campaign);
    if (!s.step())
        throw StorageError(ErrorKind::not_found,
                           db.path() + ": no campaign \"" + campaign + "\"");
    announce_change(db, campaign);
}

void move_version(Database& db, const std::string& campaign) {
    db.prepare("UPDATE campaigns SET version = version + 1 WHERE id = ?").bind(1, campaign).run();
}

void announce_change(Database& db, const std::string& campaign) {
    if (db.engine() != Engine::postgresql) return;
    // Delivered when the transaction commits, once however many writes it holds.
    db.prepare(std::string("SELECT pg_notify('") + kCampaignChangesChannel + "', ?)")
        .bind(1, campaign)
        .step();
}

std::int64_t insert_account(Database& db, const std::string& name,
                            const std::optional<std::string>& password_hash,
                            const std::string& at) {
    auto exists = db.prepare("SELECT 1 FROM accounts WHERE name = ?");
    exists.bind(1, name);
    if (exists.step())
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": an account \"" + name + "\" already exists");
    auto insert = db.prepare(
        "INSERT INTO accounts (name, password_hash, created_at) VALUES (?, ?, ?) RETURNING id");
    insert.bind_all(name, password_hash, at);
    insert.step();
    const auto id = insert.integer(0);
    insert.reset();  // the insert is done when it is reset (SQLite steps RETURNING to its end)
    return id;
}

void insert_open_period(Database& db, const OpenPeriodRecord& r) {
    move_version(db, r.campaign_id);  // a period resolved or rolled back: the state moved
    db.prepare(
          "INSERT INTO open_periods (campaign_id, period_index, day, kind, seed_hash, "
          "sealed_seed, opened_at, scheme) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        .bind_all(r.campaign_id, r.index, r.day, r.kind, r.seed_hash, r.sealed_seed, r.opened_at,
                  r.scheme)
        .run();
}

std::optional<OpenPeriodRecord> select_open_period(Database& db, const std::string& campaign) {
    auto s = db.prepare(
        "SELECT campaign_id, period_index, day, kind, seed_hash, sealed_seed, opened_at, scheme "
        "FROM open_periods WHERE campaign_id = ?");
    s.bind(1, campaign);
    if (!s.step()) return std::nullopt;
    return OpenPeriodRecord{s.text(0), static_cast<int>(s.integer(1)),
                            static_cast<int>(s.integer(2)), s.text(3), s.text(4), s.text(5),
                            s.text(6), static_cast<int>(s.integer(7))};
}

void insert_period(Database& db, const PeriodRecord& r) {
    // A state-before equal to the state-after of an attempt of the period before (the usual
    // case) is kept once: the row names that attempt instead of holding a second copy.
    std::optional<int> before_attempt;
    if (r.index > 0) {
        auto same = db.prepare(
            "SELECT max(attempt) FROM periods "
            "WHERE campaign_id = ? AND period_index = ? AND state_after = ?");
        same.bind_all(r.campaign_id, r.index - 1, r.state_before);
        if (same.step()) before_attempt = same.optional_int(0);
    }
    const std::string_view state_before = before_attempt ? std::string_view("") : r.state_before;
    db.prepare(
          "INSERT INTO periods (campaign_id, period_index, attempt, day, kind, state_before, "
          "before_attempt, state_after, orders, answers, settled, event_count, event_log, "
          "seed_hash, seed, draws, opened_at, committed_at, rolled_back_by, scheme) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind_all(r.campaign_id, r.index, r.attempt, r.day, r.kind, state_before, before_attempt,
                  r.state_after, r.orders, r.answers, r.settled ? 1 : 0,
                  static_cast<int>(r.events.size()), encode_event_log(r.events), r.seed_hash,
                  r.seed, r.draws, r.opened_at, r.committed_at, r.rolled_back_by, r.scheme)
        .run();
}

std::vector<PeriodKey> select_period_keys(Database& db, const std::string& campaign) {
    auto s = db.prepare(
        "SELECT period_index, attempt FROM periods WHERE campaign_id = ? "
        "ORDER BY period_index, attempt");
    s.bind(1, campaign);
    std::vector<PeriodKey> out;
    while (s.step())
        out.push_back({static_cast<int>(s.integer(0)), static_cast<int>(s.integer(1))});
    return out;
}

std::optional<PeriodRecord> select_period(Database& db, const std::string& campaign,
                                          PeriodKey key) {
    // The state-before comes from the attempt of the period before that the row names, if any.
    auto s = db.prepare(
        "SELECT p.day, p.kind, p.state_before, p.state_after, p.orders, p.event_count, "
        "p.seed_hash, p.seed, p.draws, p.opened_at, p.committed_at, p.rolled_back_by, p.answers, "
        "p.settled, p.event_log, p.before_attempt, prev.state_after, p.scheme FROM periods AS p "
        "LEFT JOIN periods AS prev ON prev.campaign_id = p.campaign_id "
        "AND prev.period_index = p.period_index - 1 AND prev.attempt = p.before_attempt "
        "WHERE p.campaign_id = ? AND p.period_index = ? AND p.attempt = ?");
    s.bind_all(campaign, key.index, key.attempt);
    if (!s.step()) return std::nullopt;
    const std::string where = db.path() + ": period " + std::to_string(key.index) +
                              " attempt " + std::to_string(key.attempt) + " of \"" + campaign +
                              "\"";
    PeriodRecord r;
    r.campaign_id = campaign;
    r.index = key.index;
    r.attempt = key.attempt;
    r.day = static_cast<int>(s.integer(0));
    r.kind = s.text(1);
    r.state_after = s.text(3);
    r.orders = s.text(4);
    const auto event_count = s.integer(5);
    r.seed_hash = s.text(6);
    r.seed = s.text(7);
    r.draws = s.integer(8);
    r.scheme = static_cast<int>(s.integer(17));
    r.opened_at = s.text(9);
    r.committed_at = s.text(10);
    r.rolled_back_by = s.optional_int(11);
    r.answers = s.text(12);
    r.settled = s.integer(13) != 0;
    r.events = decode_event_log(s.text(14), where);
    if (const auto before_attempt = s.optional_int(15)) {
        const auto previous = s.optional_text(16);
        if (!previous)
            throw StorageError(ErrorKind::corrupt,
                               where + ": its state-before is attempt " +
                                   std::to_string(*before_attempt) +
                                   " of the period before, which is not stored");
        r.state_before = *previous;
    } else {
        r.state_before = s.text(2);
    }
    // A period is all or nothing: a short event list means the file was damaged.
    if (static_cast<std::int64_t>(r.events.size()) != event_count)
        throw StorageError(ErrorKind::corrupt,
                           where + " records " + std::to_string(event_count) + " events but " +
                               std::to_string(r.events.size()) + " are stored");
    return r;
}

void insert_order(Database& db, const OrderRecord& r) {
    db.prepare(
          "INSERT INTO orders (campaign_id, period_index, player_id, orders, state, receipt, "
          "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
          "ON CONFLICT (campaign_id, period_index, player_id) DO UPDATE SET "
          "orders = excluded.orders, state = excluded.state, receipt = excluded.receipt, "
          "updated_at = excluded.updated_at")
        .bind_all(r.campaign_id, r.period_index, r.player, r.orders, r.state, r.receipt,
                  r.updated_at)
        .run();
}

std::vector<OrderRecord> select_orders(Database& db, const std::string& campaign,
                                       std::optional<int> period_index) {
    auto s = db.prepare(
        "SELECT period_index, player_id, orders, state, receipt, updated_at FROM orders "
        "WHERE campaign_id = ?1 AND (CAST(?2 AS INTEGER) IS NULL OR period_index = ?2) "
        "ORDER BY period_index, player_id");
    s.bind(1, campaign).bind(2, period_index);
    std::vector<OrderRecord> out;
    while (s.step())
        out.push_back({campaign, static_cast<int>(s.integer(0)), s.text(1), s.text(2), s.text(3),
                       s.text(4), s.text(5)});
    return out;
}

void insert_receipt(Database& db, const ReceiptRecord& r) {
    // The same order set at the same millisecond is the same receipt: keep the first.
    db.prepare(
          "INSERT INTO receipts (campaign_id, receipt, period_index, player_id, orders, state, "
          "issued_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
        .bind_all(r.campaign_id, r.receipt, r.period_index, r.player, r.orders, r.state,
                  r.issued_at)
        .run();
}

std::vector<ReceiptRecord> select_receipts(Database& db, const std::string& campaign) {
    auto s = db.prepare(
        "SELECT receipt, period_index, player_id, orders, state, issued_at FROM receipts "
        "WHERE campaign_id = ? ORDER BY issued_at, period_index, player_id, receipt");
    s.bind(1, campaign);
    std::vector<ReceiptRecord> out;
    while (s.step())
        out.push_back({campaign, s.text(0), static_cast<int>(s.integer(1)), s.text(2), s.text(3),
                       s.text(4), s.text(5)});
    return out;
}

namespace {

std::optional<std::string> null_if_empty(const std::string& text) {
    return text.empty() ? std::nullopt : std::optional<std::string>(text);
}

}  // namespace

void insert_decision(Database& db, const DecisionRecord& r) {
    db.prepare(
          "INSERT INTO decisions (campaign_id, decision_no, period_index, decision_id, player_id, "
          "force_id, kind, request, answer, state, requested_at, answered_at, rolled_back_by, "
          "lapsed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind_all(r.campaign_id, r.no, r.period_index, null_if_empty(r.decision_id), r.player,
                  null_if_empty(r.force), null_if_empty(r.kind), r.request, r.answer, r.state,
                  r.requested_at, r.answered_at, r.rolled_back_by, r.lapsed_at)
        .run();
}

std::vector<DecisionRecord> select_decisions(Database& db, const std::string& campaign) {
    auto s = db.prepare(
        "SELECT decision_no, period_index, decision_id, player_id, force_id, kind, request, "
        "answer, state, requested_at, answered_at, rolled_back_by, lapsed_at FROM decisions "
        "WHERE campaign_id = ? ORDER BY decision_no");
    s.bind(1, campaign);
    std::vector<DecisionRecord> out;
    while (s.step()) {
        DecisionRecord d;
        d.campaign_id = campaign;
        d.no = static_cast<int>(s.integer(0));
        d.period_index = static_cast<int>(s.integer(1));
        d.decision_id = s.optional_text(2).value_or("");
        d.player = s.text(3);
        d.force = s.optional_text(4).value_or("");
        d.kind = s.optional_text(5).value_or("");
        d.request = s.text(6);
        d.answer = s.optional_text(7);
        d.state = s.text(8);
        d.requested_at = s.text(9);
        d.answered_at = s.optional_text(10);
        d.rolled_back_by = s.optional_int(11);
        d.lapsed_at = s.optional_text(12);
        out.push_back(std::move(d));
    }
    return out;
}

void insert_gm_action(Database& db, const GmActionRecord& r) {
    db.prepare(
          "INSERT INTO gm_actions (campaign_id, action_no, kind, reason, details, at) "
          "VALUES (?, ?, ?, ?, ?, ?)")
        .bind_all(r.campaign_id, r.no, r.kind, r.reason, r.details, r.at)
        .run();
}

int append_gm_action(Database& db, GmActionRecord r) {
    {
        // Finalized before the insert: a statement left on its row past the COMMIT would hold
        // off the WAL checkpoint.
        auto next = db.prepare(
            "SELECT coalesce(max(action_no), 0) + 1 FROM gm_actions WHERE campaign_id = ?");
        next.bind(1, r.campaign_id);
        next.step();
        r.no = static_cast<int>(next.integer(0));
    }
    insert_gm_action(db, r);
    return r.no;
}

std::vector<GmActionRecord> select_gm_actions(Database& db, const std::string& campaign) {
    auto s = db.prepare(
        "SELECT action_no, kind, reason, details, at FROM gm_actions WHERE campaign_id = ? "
        "ORDER BY action_no");
    s.bind(1, campaign);
    std::vector<GmActionRecord> out;
    while (s.step())
        out.push_back({campaign, static_cast<int>(s.integer(0)), s.text(1), s.text(2), s.text(3),
                       s.text(4)});
    return out;
}

void insert_battle_action(Database& db, const BattleActionRecord& r) {
    db.prepare(
          "INSERT INTO battle_actions (campaign_id, period_index, seed_hash, battle_id, "
          "action_no, action, by_role, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        .bind_all(r.campaign_id, r.period_index, r.seed_hash, r.battle_id, r.no, r.action, r.by,
                  r.at)
        .run();
}

}  // namespace umpire::storage::rows
