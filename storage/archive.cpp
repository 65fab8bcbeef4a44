#include "storage/archive.hpp"

#include "storage/period_codec.hpp"
#include "storage/replay.hpp"

namespace umpire::storage {

namespace {

using rules::Json;
using rules::ObjectReader;
using rules::Problems;

Json parsed(const std::string& text) { return Json::parse(text, nullptr, false); }

Json period_json(const PeriodRecord& p) {
    // Only the bodies: type and audience columns are derived from them on import.
    Json events = Json::array();
    for (const auto& e : p.events) events.push_back(parsed(e.body));
    return {{"index", p.index},
            {"attempt", p.attempt},
            {"day", p.day},
            {"period", p.kind},
            {"opened_at", p.opened_at},
            {"committed_at", p.committed_at},
            {"seed_hash", p.seed_hash},
            {"seed", p.seed},
            {"draws", p.draws},
            {"scheme", p.scheme},
            {"rolled_back_by", p.rolled_back_by ? Json(*p.rolled_back_by) : Json()},
            {"orders", parsed(p.orders)},
            {"answers", parsed(p.answers)},
            {"settled", p.settled},
            {"state_before", parsed(p.state_before)},
            {"state_after", parsed(p.state_after)},
            {"events", events}};
}

// A member holding JSON of the given kind, kept as canonical text.
std::optional<std::string> json_text(const ObjectReader& in, std::string_view key,
                                     Json::value_t kind, bool nullable = false) {
    const Json* value = in.member(key);
    if (!value) return std::nullopt;
    if (nullable && value->is_null()) return std::nullopt;
    if (value->type() != kind) {
        in.problems().add(in.path_of(key), std::string("must be ") +
                                                (kind == Json::value_t::object ? "an object"
                                                                               : "an array") +
                                                ", found " + rules::json_type_name(*value));
        return std::nullopt;
    }
    return value->dump();
}

// An optional string member (absent or null: empty), as archives of schema 2 lack them.
std::string optional_text(const ObjectReader& in, std::string_view key) {
    if (const Json* value = in.member(key, false); !value || value->is_null()) return "";
    return in.string(key).value_or("");
}

// A text column that may be NULL in the database: empty text is written as JSON null.
Json nullable(const std::string& text) { return text.empty() ? Json() : Json(text); }

int int_of(const ObjectReader& in, std::string_view key, long long min = 0,
           long long max = 1'000'000'000) {
    return static_cast<int>(in.integer(key, min, max).value_or(0));
}

std::string text_of(const ObjectReader& in, std::string_view key) {
    return in.string(key).value_or("");
}

// Items of an array member, each read by `read` with its path.
template <typename Read>
void each_item(const ObjectReader& in, std::string_view key, Read read) {
    if (const Json* list = in.array(key))
        for (std::size_t i = 0; i < list->size(); ++i)
            read((*list)[i], rules::item_path(in.path_of(key), i));
}

PeriodRecord read_period(const Json& value, const std::string& path, const std::string& campaign,
                         Problems& problems) {
    ObjectReader in(value, path, problems);
    PeriodRecord p;
    if (!in.is_object()) return p;
    in.reject_unknown({"index", "attempt", "day", "period", "opened_at", "committed_at",
                       "seed_hash", "seed", "draws", "scheme", "rolled_back_by", "orders", "answers",
                       "settled", "state_before", "state_after", "events"});
    p.campaign_id = campaign;
    p.index = int_of(in, "index");
    p.attempt = int_of(in, "attempt");
    p.day = int_of(in, "day", 1);
    p.kind = in.choice("period", {"day", "night"}).value_or("day");
    p.opened_at = text_of(in, "opened_at");
    p.committed_at = text_of(in, "committed_at");
    p.seed_hash = text_of(in, "seed_hash");
    p.seed = text_of(in, "seed");
    p.draws = in.integer("draws", 0, 1LL << 62).value_or(0);
    // Archives written before the scheme was recorded hold scheme-1 periods.
    p.scheme = static_cast<int>(in.integer("scheme", 1, kCurrentScheme).value_or(1));
    if (const Json* by = in.member("rolled_back_by"); by && !by->is_null())
        p.rolled_back_by = int_of(in, "rolled_back_by", 1);
    p.orders = json_text(in, "orders", Json::value_t::object).value_or("");
    // Absent in archives of periods resolved before decisions were stored: none, all settled.
    if (in.has("answers")) p.answers = json_text(in, "answers", Json::value_t::object).value_or("");
    if (in.has("settled")) p.settled = in.boolean("settled").value_or(true);
    p.state_before = json_text(in, "state_before", Json::value_t::object).value_or("");
    p.state_after = json_text(in, "state_after", Json::value_t::object).value_or("");
    each_item(in, "events", [&](const Json& item, const std::string& item_path) {
        if (!item.is_object() || !item.contains("type") || !item["type"].is_string()) {
            problems.add(item_path, "must be an event: an object with a string \"type\"");
            return;
        }
        p.events.push_back(event_record(item, static_cast<int>(p.events.size())));
    });
    return p;
}

}  // namespace

Json archive_to_json(const CampaignArchive& a) {
    const CampaignRecord& c = a.campaign;
    Json periods = Json::array();
    for (const auto& p : a.periods) periods.push_back(period_json(p));
    Json orders = Json::array();
    for (const auto& o : a.orders)
        orders.push_back({{"period_index", o.period_index},
                          {"player", o.player},
                          {"state", o.state},
                          {"receipt", o.receipt},
                          {"updated_at", o.updated_at},
                          {"orders", parsed(o.orders)}});
    Json receipts = Json::array();
    for (const auto& r : a.receipts)
        receipts.push_back({{"receipt", r.receipt},
                            {"period_index", r.period_index},
                            {"player", r.player},
                            {"state", r.state},
                            {"issued_at", r.issued_at},
                            {"orders", parsed(r.orders)}});
    Json decisions = Json::array();
    for (const auto& d : a.decisions)
        decisions.push_back({{"no", d.no},
                             {"period_index", d.period_index},
                             {"id", nullable(d.decision_id)},
                             {"player", d.player},
                             {"force", nullable(d.force)},
                             {"kind", nullable(d.kind)},
                             {"state", d.state},
                             {"request", parsed(d.request)},
                             {"answer", d.answer ? parsed(*d.answer) : Json()},
                             {"requested_at", d.requested_at},
                             {"answered_at", d.answered_at ? Json(*d.answered_at) : Json()},
                             {"rolled_back_by",
                              d.rolled_back_by ? Json(*d.rolled_back_by) : Json()}});
    // Written only when set, so that archives of campaigns without decision deadlines read the
    // same as before schema v11.
    for (std::size_t i = 0; i < a.decisions.size(); ++i)
        if (a.decisions[i].lapsed_at) decisions[i]["lapsed_at"] = *a.decisions[i].lapsed_at;
    Json actions = Json::array();
    for (const auto& g : a.gm_actions)
        actions.push_back({{"no", g.no},
                           {"kind", g.kind},
                           {"reason", g.reason},
                           {"details", parsed(g.details)},
                           {"at", g.at}});
    Json battle_actions = Json::array();
    for (const auto& b : a.battle_actions)
        battle_actions.push_back({{"period_index", b.period_index},
                                  {"seed_hash", b.seed_hash},
                                  {"battle_id", b.battle_id},
                                  {"no", b.no},
                                  {"action", parsed(b.action)},
                                  {"by", b.by},
                                  {"at", b.at}});
    Json open;
    if (a.open_period)
        open = {{"index", a.open_period->index},
                {"day", a.open_period->day},
                {"period", a.open_period->kind},
                {"seed_hash", a.open_period->seed_hash},
                {"sealed_seed", a.open_period->sealed_seed},
                {"opened_at", a.open_period->opened_at},
                {"scheme", a.open_period->scheme}};
    Json out{{"format", kArchiveFormat},
             {"campaign",
              {{"id", c.id},
               {"name", c.name},
               {"status", c.status},
               {"settings", parsed(c.settings)},
               {"deadline_policy", parsed(c.deadline_policy)},
               {"time_zone", c.time_zone},
               {"created_at", c.created_at}}},
             {"ruleset",
              {{"name", c.ruleset_name},
               {"version", c.ruleset_version},
               {"sha256", c.ruleset_hash},
               {"document", parsed(c.ruleset)}}},
             {"scenario", parsed(c.scenario)},
             {"periods", periods},
             {"open_period", open},
             {"orders", orders},
             {"receipts", receipts},
             {"decisions", decisions},
             {"gm_actions", actions},
             {"battle_actions", battle_actions}};
    // Only when there are any, so that archives of campaigns the GM never edited read the same
    // as before schema v12.
    if (!a.world_edits.empty()) {
        Json edits = Json::array();
        for (const auto& e : a.world_edits)
            edits.push_back(
                {{"no", e.action_no},
                 {"period_index", e.period_index},
                 {"edits", parsed(e.edits)},
                 {"state_after", parsed(e.state_after)},
                 {"rolled_back_by", e.rolled_back_by ? Json(*e.rolled_back_by) : Json()}});
        out["world_edits"] = std::move(edits);
    }
    // Only when there are any, so that archives of campaigns without press read the same as
    // before schema v13.
    if (!a.press.empty()) {
        Json press = Json::array();
        for (const auto& m : a.press)
            press.push_back({{"no", m.no},
                             {"period_index", m.period_index},
                             {"sender", m.sender},
                             {"recipients", m.recipients},
                             {"gm_reads", m.gm_reads},
                             {"channel_no", m.channel_no},
                             {"body", m.body},
                             {"sent_at", m.sent_at}});
        out["press"] = std::move(press);
    }
    // Only when there are any, so that archives of campaigns without accounts (the command-line
    // tools') read the same as before members were archived.
    if (!a.members.empty()) {
        Json members = Json::array();
        for (const auto& m : a.members) {
            Json member{{"account", m.account}, {"role", m.role}};
            if (m.player) member["player"] = *m.player;
            members.push_back(std::move(member));
        }
        out["members"] = std::move(members);
    }
    return out;
}

std::string archive_text(const CampaignArchive& archive) {
    return archive_to_json(archive).dump(2) + "\n";
}

std::optional<CampaignArchive> archive_from_json(const Json& document, Problems& problems) {
    const std::size_t before = problems.size();
    ObjectReader root(document, "$", problems);
    if (!root.is_object()) return std::nullopt;
    if (auto format = root.string("format"); format && *format != kArchiveFormat) {
        problems.add("$.format", "unsupported format \"" + *format + "\", expected " +
                                     kArchiveFormat);
        return std::nullopt;
    }
    root.reject_unknown({"format", "campaign", "ruleset", "scenario", "periods", "open_period",
                         "orders", "receipts", "decisions", "gm_actions", "world_edits",
                         "battle_actions", "members", "press"});
    CampaignArchive a;
    CampaignRecord& c = a.campaign;
    if (const Json* campaign = root.object("campaign")) {
        ObjectReader in(*campaign, "$.campaign", problems);
        in.reject_unknown({"id", "name", "status", "settings", "deadline_policy", "time_zone",
                           "created_at"});
        c.id = text_of(in, "id");
        c.name = text_of(in, "name");
        c.status = in.choice("status", {"active", "paused", "finished"}).value_or("active");
        c.settings = json_text(in, "settings", Json::value_t::object).value_or("");
        c.deadline_policy = json_text(in, "deadline_policy", Json::value_t::object).value_or("");
        c.time_zone = text_of(in, "time_zone");
        c.created_at = text_of(in, "created_at");
    }
    if (const Json* ruleset = root.object("ruleset")) {
        ObjectReader in(*ruleset, "$.ruleset", problems);
        in.reject_unknown({"name", "version", "sha256", "document"});
        c.ruleset_name = text_of(in, "name");
        c.ruleset_version = text_of(in, "version");
        c.ruleset_hash = text_of(in, "sha256");
        c.ruleset = json_text(in, "document", Json::value_t::object).value_or("");
    }
    c.scenario = json_text(root, "scenario", Json::value_t::object).value_or("");
    each_item(root, "periods", [&](const Json& item, const std::string& path) {
        a.periods.push_back(read_period(item, path, c.id, problems));
    });
    if (const Json* open = root.member("open_period"); open && !open->is_null()) {
        ObjectReader in(*open, "$.open_period", problems);
        in.reject_unknown(
            {"index", "day", "period", "seed_hash", "sealed_seed", "opened_at", "scheme"});
        a.open_period = OpenPeriodRecord{c.id,
                                         int_of(in, "index"),
                                         int_of(in, "day", 1),
                                         in.choice("period", {"day", "night"}).value_or("day"),
                                         text_of(in, "seed_hash"),
                                         text_of(in, "sealed_seed"),
                                         text_of(in, "opened_at"),
                                         static_cast<int>(in.integer("scheme", 1, kCurrentScheme)
                                                              .value_or(1))};
    }
    each_item(root, "orders", [&](const Json& item, const std::string& path) {
        ObjectReader in(item, path, problems);
        if (!in.is_object()) return;
        in.reject_unknown({"period_index", "player", "state", "receipt", "updated_at", "orders"});
        a.orders.push_back({c.id, int_of(in, "period_index"), text_of(in, "player"),
                            json_text(in, "orders", Json::value_t::array).value_or(""),
                            in.choice("state", {"draft", "submitted", "confirmed"}).value_or(""),
                            text_of(in, "receipt"), text_of(in, "updated_at")});
    });
    each_item(root, "receipts", [&](const Json& item, const std::string& path) {
        ObjectReader in(item, path, problems);
        if (!in.is_object()) return;
        in.reject_unknown({"receipt", "period_index", "player", "state", "issued_at", "orders"});
        a.receipts.push_back({c.id, text_of(in, "receipt"), int_of(in, "period_index"),
                              text_of(in, "player"),
                              json_text(in, "orders", Json::value_t::array).value_or(""),
                              in.choice("state", {"draft", "submitted", "confirmed"}).value_or(""),
                              text_of(in, "issued_at")});
    });
    each_item(root, "decisions", [&](const Json& item, const std::string& path) {
        ObjectReader in(item, path, problems);
        if (!in.is_object()) return;
        in.reject_unknown({"no", "period_index", "id", "player", "force", "kind", "state",
                           "request", "answer", "requested_at", "answered_at", "rolled_back_by",
                           "lapsed_at"});
        DecisionRecord d;
        d.campaign_id = c.id;
        d.no = int_of(in, "no", 1);
        d.period_index = int_of(in, "period_index");
        d.decision_id = optional_text(in, "id");
        d.player = text_of(in, "player");
        d.force = optional_text(in, "force");
        d.kind = optional_text(in, "kind");
        d.state = in.choice("state", {"pending", "answered", "settled"}).value_or("pending");
        if (const Json* by = in.member("rolled_back_by", false); by && !by->is_null())
            d.rolled_back_by = int_of(in, "rolled_back_by", 1);
        if (const Json* request = in.member("request")) d.request = request->dump();
        if (const Json* answer = in.member("answer"); answer && !answer->is_null())
            d.answer = answer->dump();
        d.requested_at = text_of(in, "requested_at");
        if (const Json* at = in.member("answered_at"); at && !at->is_null())
            d.answered_at = text_of(in, "answered_at");
        if (const Json* at = in.member("lapsed_at", false); at && !at->is_null())
            d.lapsed_at = text_of(in, "lapsed_at");
        if ((d.state == "answered") != d.answer.has_value())
            problems.add(path, "an answered decision has an answer, and only it does");
        a.decisions.push_back(std::move(d));
    });
    each_item(root, "gm_actions", [&](const Json& item, const std::string& path) {
        ObjectReader in(item, path, problems);
        if (!in.is_object()) return;
        in.reject_unknown({"no", "kind", "reason", "details", "at"});
        a.gm_actions.push_back({c.id, int_of(in, "no", 1), text_of(in, "kind"),
                                text_of(in, "reason"),
                                json_text(in, "details", Json::value_t::object).value_or(""),
                                text_of(in, "at")});
    });
    // Absent in archives of campaigns without world edits.
    if (root.has("world_edits"))
        each_item(root, "world_edits", [&](const Json& item, const std::string& path) {
            ObjectReader in(item, path, problems);
            if (!in.is_object()) return;
            in.reject_unknown({"no", "period_index", "edits", "state_after", "rolled_back_by"});
            WorldEditRecord e{c.id,
                              int_of(in, "no", 1),
                              int_of(in, "period_index"),
                              json_text(in, "edits", Json::value_t::array).value_or(""),
                              json_text(in, "state_after", Json::value_t::object).value_or(""),
                              std::nullopt};
            if (const Json* by = in.member("rolled_back_by", false); by && !by->is_null())
                e.rolled_back_by = int_of(in, "rolled_back_by", 1);
            a.world_edits.push_back(std::move(e));
        });
    // Absent in archives of campaigns without press.
    if (root.has("press"))
        each_item(root, "press", [&](const Json& item, const std::string& path) {
            ObjectReader in(item, path, problems);
            if (!in.is_object()) return;
            in.reject_unknown({"no", "period_index", "sender", "recipients", "gm_reads",
                               "channel_no", "body", "sent_at"});
            PressRecord m{c.id,
                          int_of(in, "no", 1),
                          int_of(in, "period_index"),
                          text_of(in, "sender"),
                          {},
                          in.boolean("gm_reads").value_or(false),
                          int_of(in, "channel_no", 1),
                          text_of(in, "body"),
                          text_of(in, "sent_at")};
            if (const Json* to = in.array("recipients")) {
                for (const auto& r : *to) {
                    if (r.is_string())
                        m.recipients.push_back(r.get<std::string>());
                    else
                        problems.add(path + ".recipients", "expected names");
                }
                if (m.recipients.empty()) problems.add(path + ".recipients", "nobody");
            }
            a.press.push_back(std::move(m));
        });
    // Absent in archives written before the battle companion's actions were exported: none.
    if (root.has("battle_actions"))
        each_item(root, "battle_actions", [&](const Json& item, const std::string& path) {
            ObjectReader in(item, path, problems);
            if (!in.is_object()) return;
            in.reject_unknown(
                {"period_index", "seed_hash", "battle_id", "no", "action", "by", "at"});
            a.battle_actions.push_back(
                {c.id, int_of(in, "period_index"), text_of(in, "seed_hash"),
                 text_of(in, "battle_id"), int_of(in, "no", 1),
                 json_text(in, "action", Json::value_t::object).value_or(""),
                 in.choice("by", {"attacker", "defender", "gm"}).value_or(""), text_of(in, "at")});
        });
    // Absent in archives written before members were archived, and when there are none.
    if (root.has("members"))
        each_item(root, "members", [&](const Json& item, const std::string& path) {
            ObjectReader in(item, path, problems);
            if (!in.is_object()) return;
            in.reject_unknown({"account", "role", "player"});
            ArchivedMember m{text_of(in, "account"),
                             in.choice("role", {"gm", "player", "observer"}).value_or(""),
                             std::nullopt};
            if (m.role == "player") m.player = text_of(in, "player");
            a.members.push_back(std::move(m));
        });
    if (problems.size() != before) return std::nullopt;
    return a;
}

}  // namespace umpire::storage
