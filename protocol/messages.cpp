// Decoding client messages: shape and types only, every message checked member by member with
// unknown members refused (a misspelt key must not pass silently).
#include "protocol/messages.hpp"

#include <algorithm>
#include <functional>
#include <map>

namespace umpire::protocol {

namespace {

using rules::ObjectReader;
using rules::Problems;

constexpr long long kMaxIndex = 1'000'000;

// Strings a message carries are short: ids, names, codes, passwords, URLs.
std::string text(const ObjectReader& r, std::string_view key, bool required = true,
                 std::size_t max = 256) {
    auto value = r.string(key, required);
    if (!value) return {};
    if (value->size() > max)
        r.problems().add(r.path_of(key), "longer than " + std::to_string(max) + " characters");
    return *value;
}

int index_of(const ObjectReader& r, std::string_view key, bool required = true,
             long long min = 0) {
    return static_cast<int>(r.integer(key, min, kMaxIndex, required).value_or(min));
}

Json any(const ObjectReader& r, std::string_view key, bool required = true) {
    const Json* value = r.member(key, required);
    return value ? *value : Json();
}

using Decoder = std::function<ClientBody(const ObjectReader&)>;

// The members every message may carry besides its own.
std::vector<std::string_view> with_envelope(const std::vector<std::string_view>& own) {
    std::vector<std::string_view> all{"type", "id"};
    all.insert(all.end(), own.begin(), own.end());
    return all;
}

ClientBody decode_hello(const ObjectReader& r) {
    Hello h;
    if (const Json* versions = r.array("versions")) {
        if (versions->empty() || versions->size() > 16)
            r.problems().add(r.path_of("versions"), "expected 1 to 16 version numbers");
        for (std::size_t i = 0; i < versions->size(); ++i) {
            auto v = rules::read_integer((*versions)[i], rules::item_path(r.path_of("versions"), i),
                                         1, 1000, r.problems());
            if (v) h.versions.push_back(static_cast<int>(*v));
        }
    }
    h.client = text(r, "client", false);
    return h;
}

ClientBody decode_login(const ObjectReader& r) {
    Login l;
    l.account = text(r, "account", false, 64);
    l.password = text(r, "password", false, 1024);
    l.token = text(r, "token", false, 128);
    if (l.token.empty() == (l.account.empty() || l.password.empty()) ||
        (!l.token.empty() && (r.has("account") || r.has("password"))))
        r.problems().add(r.path(), "give either account and password, or token");
    return l;
}

ClientBody decode_submit(const ObjectReader& r) {
    SubmitOrders s;
    s.campaign = text(r, "campaign", true, 64);
    s.period_index = index_of(r, "period_index");
    if (const Json* orders = r.array("orders")) {
        if (orders->size() > kMaxOrdersPerMessage)
            r.problems().add(r.path_of("orders"), "more than " +
                                                      std::to_string(kMaxOrdersPerMessage) +
                                                      " orders");
        for (std::size_t i = 0; i < orders->size(); ++i)
            if (!(*orders)[i].is_object())
                r.problems().add(rules::item_path(r.path_of("orders"), i),
                                 "expected an order object, found " +
                                     rules::json_type_name((*orders)[i]));
        s.orders = *orders;
    }
    s.state = r.choice("state", {"draft", "submitted"}, false).value_or("submitted");
    s.dry_run = r.boolean("dry_run", false).value_or(false);
    return s;
}

ClientBody decode_send_press(const ObjectReader& r) {
    SendPress p;
    p.campaign = text(r, "campaign", true, 64);
    if (const Json* to = r.array("to")) {
        if (to->empty() || to->size() > kMaxPressRecipients)
            r.problems().add(r.path_of("to"), "expected 1 to " +
                                                  std::to_string(kMaxPressRecipients) +
                                                  " recipients");
        for (std::size_t i = 0; i < to->size(); ++i) {
            const Json& name = (*to)[i];
            if (!name.is_string() || name.get<std::string>().empty() ||
                name.get<std::string>().size() > 64)
                r.problems().add(rules::item_path(r.path_of("to"), i),
                                 "expected \"all\", \"gm\" or a player's id");
            else
                p.to.push_back(name.get<std::string>());
        }
        if (p.to.size() > 1 && std::find(p.to.begin(), p.to.end(), "all") != p.to.end())
            r.problems().add(r.path_of("to"), "\"all\" is everyone: name nobody else with it");
    }
    p.text = text(r, "text", true, kMaxPressBytes);
    if (r.has("text") && p.text.find_first_not_of(" \t\r\n") == std::string::npos)
        r.problems().add(r.path_of("text"), "an empty message");
    return p;
}

ClientBody decode_gm(const ObjectReader& r) {
    GmCommand g;
    g.campaign = text(r, "campaign", true, 64);
    const auto& commands = gm_commands();
    g.command = text(r, "command", true, 32);
    bool known = false;
    for (const auto& c : commands) known = known || c == g.command;
    if (!g.command.empty() && !known)
        r.problems().add(r.path_of("command"), "unknown GM command \"" + g.command + "\"");
    g.reason = text(r, "reason", false, 1000);
    g.role = text(r, "role", false, 16);
    g.player = text(r, "player", false, 64);
    g.account = text(r, "account", false, 64);
    g.key = text(r, "key", false, 128);
    g.minutes = static_cast<int>(r.integer("minutes", 1, 60 * 24 * 30, false).value_or(0));
    g.to_period = index_of(r, "to_period", false, -1);
    g.period = index_of(r, "period", false, -1);
    g.reopen_orders = r.boolean("reopen_orders", false).value_or(false);
    if (r.has("deadline")) {
        g.deadline = any(r, "deadline");
        if (!g.deadline.is_object())
            r.problems().add(r.path_of("deadline"), "expected an object");
    }
    if (r.has("changes")) {
        g.changes = any(r, "changes");
        if (!g.changes.is_object()) r.problems().add(r.path_of("changes"), "expected an object");
    }
    if (r.has("edits")) {
        g.edits = any(r, "edits");
        if (!g.edits.is_array()) r.problems().add(r.path_of("edits"), "expected an array");
    }
    g.decision = text(r, "decision", false, 200);
    if (r.has("answer")) g.answer = any(r, "answer");
    g.invite = text(r, "invite", false, 64);
    g.confirm = text(r, "confirm", false, 64);
    g.hours = static_cast<int>(r.integer("hours", 1, 24 * 90, false).value_or(0));
    // What each command cannot do without.
    auto need = [&](bool present, std::string_view member) {
        if (!present) r.problems().add(r.path_of(member), "missing: \"" + g.command + "\" needs it");
    };
    if (g.command == "invite") need(!g.role.empty(), "role");
    if (g.command == "revoke_invite") need(!g.invite.empty(), "invite");
    if (g.command == "remove" || g.command == "add_gm") need(!g.account.empty(), "account");
    if (g.command == "set_deadline") need(g.deadline.is_object(), "deadline");
    if (g.command == "extend") {
        need(g.minutes > 0, "minutes");
        need(!g.key.empty(), "key");
    }
    if (g.command == "rollback") need(g.to_period >= 0, "to_period");
    // Commands that move the campaign on name the period they mean: sent twice (two GMs, two
    // servers, a retry), the second finds that period gone and is refused, not applied again.
    if ((g.command == "force_advance" || g.command == "resolve" || g.command == "rollback") &&
        g.period < 0)
        r.problems().add(r.path_of("period"),
                         "missing: \"" + g.command + "\" names the open period it means (its "
                         "index), so that a repeated command cannot move the campaign twice");
    if (g.command == "rollback" || g.command == "edit" || g.command == "force_advance" ||
        g.command == "end" || g.command == "edit_world" || g.command == "delete")
        need(!g.reason.empty(), "reason");
    if (g.command == "edit") need(g.changes.is_object(), "changes");
    if (g.command == "edit_world") need(g.edits.is_array(), "edits");
    if (g.command == "delete") need(!g.confirm.empty(), "confirm");
    if (g.command == "answer_for") {
        need(!g.decision.empty(), "decision");
        need(r.has("answer"), "answer");
    }
    return g;
}

struct Entry {
    std::vector<std::string_view> members;
    Decoder decode;
};

const std::map<std::string, Entry>& decoders() {
    static const std::map<std::string, Entry> table{
        {"hello", {{"versions", "client"}, decode_hello}},
        {"login", {{"account", "password", "token"}, decode_login}},
        {"logout", {{}, [](const ObjectReader&) -> ClientBody { return Logout{}; }}},
        {"sign_up", {{"code", "account", "password", "email"}, [](const ObjectReader& r) -> ClientBody {
             return SignUp{text(r, "code", true, 128), text(r, "account", true, 64),
                           text(r, "password", true, 1024), text(r, "email", false, 254)};
         }}},
        {"reset_password", {{"account", "code", "password"}, [](const ObjectReader& r) -> ClientBody {
             return ResetPassword{text(r, "account", true, 64), text(r, "code", true, 128),
                                  text(r, "password", true, 1024)};
         }}},
        {"change_password", {{"password", "new_password"}, [](const ObjectReader& r) -> ClientBody {
             return ChangePassword{text(r, "password", true, 1024),
                                   text(r, "new_password", true, 1024)};
         }}},
        {"get_account", {{}, [](const ObjectReader&) -> ClientBody { return GetAccount{}; }}},
        {"set_email", {{"email"}, [](const ObjectReader& r) -> ClientBody {
             return SetEmail{text(r, "email", true, 254)};
         }}},
        {"revoke_session", {{"session"}, [](const ObjectReader& r) -> ClientBody {
             return RevokeSession{text(r, "session", true, 64)};
         }}},
        {"list_campaigns", {{}, [](const ObjectReader&) -> ClientBody { return ListCampaigns{}; }}},
        {"join", {{"campaign", "as_player"}, [](const ObjectReader& r) -> ClientBody {
             return Join{text(r, "campaign", true, 64), text(r, "as_player", false, 64)};
         }}},
        {"redeem_invite", {{"code"}, [](const ObjectReader& r) -> ClientBody {
             return RedeemInvite{text(r, "code", true, 128)};
         }}},
        {"create_campaign", {{"scenario", "campaign", "time_zone"}, [](const ObjectReader& r) -> ClientBody {
             return CreateCampaign{text(r, "scenario", true, 64), text(r, "campaign", false, 64),
                                   text(r, "time_zone", false, 64)};
         }}},
        {"submit_orders", {{"campaign", "period_index", "orders", "state", "dry_run"}, decode_submit}},
        {"confirm_orders", {{"campaign", "period_index"}, [](const ObjectReader& r) -> ClientBody {
             return ConfirmOrders{text(r, "campaign", true, 64), index_of(r, "period_index")};
         }}},
        {"answer", {{"campaign", "decision", "answer"}, [](const ObjectReader& r) -> ClientBody {
             return Answer{text(r, "campaign", true, 64), text(r, "decision", true, 200),
                           any(r, "answer")};
         }}},
        {"get_report", {{"campaign", "period_index"}, [](const ObjectReader& r) -> ClientBody {
             return GetReport{text(r, "campaign", true, 64), index_of(r, "period_index")};
         }}},
        {"get_history", {{"campaign"}, [](const ObjectReader& r) -> ClientBody {
             return GetHistory{text(r, "campaign", true, 64)};
         }}},
        {"get_decisions", {{"campaign"}, [](const ObjectReader& r) -> ClientBody {
             return GetDecisions{text(r, "campaign", true, 64)};
         }}},
        {"set_webhook", {{"campaign", "url"}, [](const ObjectReader& r) -> ClientBody {
             return SetWebhook{text(r, "campaign", true, 64), text(r, "url", true, 512)};
         }}},
        {"get_webhook_deliveries", {{"campaign"}, [](const ObjectReader& r) -> ClientBody {
             return GetWebhookDeliveries{text(r, "campaign", true, 64)};
         }}},
        {"gm", {{"campaign", "command", "reason", "role", "player", "account", "key", "minutes",
                 "to_period", "period", "reopen_orders", "deadline", "changes", "edits", "decision", "answer",
                 "invite", "hours", "confirm"},
                decode_gm}},
        {"battle_action", {{"campaign", "battle", "action"}, [](const ObjectReader& r) -> ClientBody {
             BattleAction a{text(r, "campaign", true, 64), text(r, "battle", true, 200),
                            any(r, "action")};
             if (r.has("action") && !a.action.is_object())
                 r.problems().add(r.path_of("action"), "expected a companion action object");
             return a;
         }}},
        {"get_battle", {{"campaign", "battle"}, [](const ObjectReader& r) -> ClientBody {
             return GetBattle{text(r, "campaign", true, 64), text(r, "battle", true, 200)};
         }}},
        {"send_press", {{"campaign", "to", "text"}, decode_send_press}},
        {"get_press", {{"campaign", "period_index"}, [](const ObjectReader& r) -> ClientBody {
             return GetPress{text(r, "campaign", true, 64), index_of(r, "period_index", false, -1)};
         }}},
        {"ping", {{}, [](const ObjectReader&) -> ClientBody { return Ping{}; }}},
    };
    return table;
}

}  // namespace

const std::vector<std::string>& client_message_types() {
    static const std::vector<std::string> types{
        "hello",          "login",          "logout",      "sign_up",       "reset_password",
        "change_password", "get_account",   "set_email",   "revoke_session", "list_campaigns", "join",
        "redeem_invite",  "create_campaign", "submit_orders", "confirm_orders", "answer",
        "get_report",     "get_history",    "get_decisions", "set_webhook",  "get_webhook_deliveries", "gm",
        "battle_action",  "get_battle",     "send_press",  "get_press",     "ping"};
    return types;
}

const std::vector<std::string>& gm_commands() {
    static const std::vector<std::string> commands{
        "invite", "invites", "revoke_invite", "remove",
        "set_deadline", "pause",   "resume",     "extend",
        "force_advance", "rollback", "edit", "edit_world", "resolve", "answer_for", "add_gm",
        "end", "archive", "delete"};
    return commands;
}

ClientMessage decode_client_json(const Json& message) {
    if (!message.is_object())
        throw ProtocolError(ErrorCode::bad_message,
                            "a message is a JSON object, not " + rules::json_type_name(message),
                            "$");
    ClientMessage out;
    if (auto id = message.find("id"); id != message.end()) {
        const bool usable = (id->is_string() && id->get_ref<const std::string&>().size() <= 64) ||
                            id->is_number_integer();
        if (!usable)
            throw ProtocolError(ErrorCode::bad_message,
                                "\"id\" must be an integer or a string of at most 64 characters",
                                "$.id");
        out.re = *id;
    }
    auto type = message.find("type");
    if (type == message.end() || !type->is_string())
        throw ProtocolError(ErrorCode::bad_message, "a message needs a string \"type\"", "$.type");
    out.type = type->get<std::string>();
    const auto& table = decoders();
    auto entry = table.find(out.type);
    if (entry == table.end())
        throw ProtocolError(ErrorCode::unknown_type,
                            "unknown message type \"" + out.type.substr(0, 64) + "\"", "$.type");
    Problems problems;
    ObjectReader reader(message, "$", problems);
    out.body = entry->second.decode(reader);
    const auto known = with_envelope(entry->second.members);
    for (auto it = message.begin(); it != message.end(); ++it) {
        bool found = false;
        for (auto k : known) found = found || it.key() == k;
        if (!found) problems.add(rules::member_path("$", it.key()), "unknown member");
    }
    if (!problems.empty()) {
        const auto& first = problems.list().front();
        throw ProtocolError(ErrorCode::bad_message, first.path + ": " + first.message, first.path);
    }
    return out;
}

ClientMessage decode_client_message(std::string_view text, std::size_t max_bytes) {
    if (text.size() > max_bytes)
        throw ProtocolError(ErrorCode::message_too_large,
                            "a message may have at most " + std::to_string(max_bytes) +
                                " bytes; this one has " + std::to_string(text.size()));
    Json message = Json::parse(text, nullptr, false);
    if (message.is_discarded())
        throw ProtocolError(ErrorCode::bad_json, "not valid JSON", "$");
    return decode_client_json(message);
}

Json correlation_id(std::string_view text) {
    Json message = Json::parse(text, nullptr, false);
    if (!message.is_object()) return nullptr;
    auto id = message.find("id");
    if (id == message.end()) return nullptr;
    if (id->is_number_integer() || (id->is_string() && id->get_ref<const std::string&>().size() <= 64))
        return *id;
    return nullptr;
}

}  // namespace umpire::protocol
