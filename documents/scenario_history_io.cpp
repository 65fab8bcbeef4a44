// Reading and writing what a running campaign remembers beyond its forces: each player's
// knowledge and the history the rules look back on (previous contacts, delays, scouts).
#include "documents/scenario_io_detail.hpp"
#include "umpire/rules/event_fields.hpp"
#include "umpire/rules/shapes_json.generated.hpp"

namespace umpire::rules::scenario_detail {

namespace {

constexpr long long kMaxOrdinal = 10000000;

void read_facts(const Json& facts, const std::string& path, std::vector<KnownFact>& out,
                Problems& problems) {
    if (!facts.is_array()) {
        problems.add(path, "expected an array of facts, found " + json_type_name(facts));
        return;
    }
    for (std::size_t i = 0; i < facts.size(); ++i) {
        ObjectReader r(facts[i], item_path(path, i), problems);
        if (!r.is_object()) continue;
        r.reject_unknown({"about", "kind", "value", "source", "period"});
        KnownFact fact;
        fact.about = r.string("about").value_or("");
        const std::optional<std::string> kind = r.string("kind");
        const Json* value = r.member("value");
        // The value must be what its kind's shape holds (protocol/events.json, "facts").
        const bool read = kind && value &&
                          shape::read_fact(*kind, *value, r.path_of("value"), problems, fact.value);
        fact.source = r.string("source").value_or("");
        fact.period = static_cast<int>(r.integer("period", 0, kMaxOrdinal).value_or(0));
        if (read) out.push_back(std::move(fact));
    }
}

// the scouts the contact modifiers look back on.
void read_scouts(const Json& scouts, const std::string& path, Problems& problems,
                 std::vector<ScoutRecord>& out) {
    for (std::size_t i = 0; i < scouts.size(); ++i) {
        ObjectReader r(scouts[i], item_path(path, i), problems);
        if (!r.is_object()) continue;
        r.reject_unknown({"force", "side", "target", "period", "result", "reported",
                          "captured_by"});
        ScoutRecord record;
        record.force = r.string("force").value_or("");
        record.side = r.string("side").value_or("");
        record.target = r.hex("target").value_or(Hex{});
        record.period = static_cast<int>(r.integer("period", 0, kMaxOrdinal).value_or(0));
        if (auto result = r.choice("result", {"killed", "captured", "success", "nothing seen"}))
            record.result = *scout_result_from_string(*result);
        if (const Json* reported = r.array("reported", false))
            for (std::size_t k = 0; k < reported->size(); ++k)
                if (auto id = read_string((*reported)[k], item_path(r.path_of("reported"), k),
                                          problems))
                    record.reported.push_back(*id);
        record.captured_by = r.string("captured_by", false).value_or("");
        out.push_back(std::move(record));
    }
}

OrderedJson write_scout(const ScoutRecord& s) {
    OrderedJson out{{"force", s.force},
                    {"side", s.side},
                    {"target", hex_json(s.target)},
                    {"period", s.period},
                    {"result", std::string(to_string(s.result))}};
    if (!s.reported.empty()) out["reported"] = s.reported;
    if (!s.captured_by.empty()) out["captured_by"] = s.captured_by;
    return out;
}

}  // namespace

void read_knowledge_and_history(const ObjectReader& top, const IdRegistry& players,
                                Problems& problems, CampaignState& state) {
    if (const Json* knowledge = top.object("knowledge", false)) {
        for (auto it = knowledge->begin(); it != knowledge->end(); ++it) {
            const std::string path = member_path(top.path_of("knowledge"), it.key());
            if (!players.contains(it.key())) problems.add(path, "unknown player");
            read_facts(it.value(), path, state.knowledge[it.key()], problems);
        }
    }
    const Json* history = top.object("history", false);
    if (!history) return;
    ObjectReader h(*history, top.path_of("history"), problems);
    h.reject_unknown({"contacts", "delays", "scouts"});
    if (const Json* contacts = h.array("contacts", false)) {
        for (std::size_t i = 0; i < contacts->size(); ++i) {
            ObjectReader r((*contacts)[i], item_path(h.path_of("contacts"), i), problems);
            if (!r.is_object()) continue;
            r.reject_unknown({"forces", "period"});
            ContactRecord record;
            const Json* forces = r.array("forces");
            if (forces && forces->size() == 2 && (*forces)[0].is_string() &&
                (*forces)[1].is_string()) {
                record.a = (*forces)[0].get<std::string>();
                record.b = (*forces)[1].get<std::string>();
            } else if (forces) {
                problems.add(r.path_of("forces"), "expected two force ids");
            }
            record.period = static_cast<int>(r.integer("period", 0, kMaxOrdinal).value_or(0));
            state.contact_history.push_back(std::move(record));
        }
    }
    if (const Json* delays = h.array("delays", false)) {
        for (std::size_t i = 0; i < delays->size(); ++i) {
            ObjectReader r((*delays)[i], item_path(h.path_of("delays"), i), problems);
            if (!r.is_object()) continue;
            r.reject_unknown({"force", "opponent", "half"});
            DelayRecord record;
            record.force = r.string("force").value_or("");
            record.opponent = r.string("opponent").value_or("");
            record.half = static_cast<int>(r.integer("half", 0, kMaxOrdinal).value_or(0));
            state.delays.push_back(std::move(record));
        }
    }
    if (const Json* scouts = h.array("scouts", false))
        read_scouts(*scouts, h.path_of("scouts"), problems, state.scouts);
}

OrderedJson write_fact(const KnownFact& f) {
    return {{"about", f.about},
            {"kind", std::string(shape::fact_kind(f.value))},
            {"value", OrderedJson::parse(shape::json_text_of(f.value))},
            {"source", f.source},
            {"period", f.period}};
}

void write_knowledge_and_history(const CampaignState& state, OrderedJson& out) {
    OrderedJson knowledge = OrderedJson::object();
    for (const auto& [player, facts] : state.knowledge) {
        if (facts.empty()) continue;
        OrderedJson list = OrderedJson::array();
        for (const auto& f : facts) list.push_back(write_fact(f));
        knowledge[player] = std::move(list);
    }
    if (!knowledge.empty()) out["knowledge"] = std::move(knowledge);

    OrderedJson history = OrderedJson::object();
    if (!state.contact_history.empty()) {
        OrderedJson contacts = OrderedJson::array();
        for (const auto& c : state.contact_history)
            contacts.push_back({{"forces", {c.a, c.b}}, {"period", c.period}});
        history["contacts"] = std::move(contacts);
    }
    if (!state.delays.empty()) {
        OrderedJson delays = OrderedJson::array();
        for (const auto& d : state.delays)
            delays.push_back({{"force", d.force}, {"opponent", d.opponent}, {"half", d.half}});
        history["delays"] = std::move(delays);
    }
    if (!state.scouts.empty()) {
        OrderedJson scouts = OrderedJson::array();
        for (const auto& s : state.scouts) scouts.push_back(write_scout(s));
        history["scouts"] = std::move(scouts);
    }
    if (!history.empty()) out["history"] = std::move(history);
}

}  // namespace umpire::rules::scenario_detail
