#include "storage/world_edit.hpp"

#include <algorithm>
#include <set>

#include "documents/scenario_io.hpp"
#include "storage/error.hpp"
#include "storage/period_codec.hpp"

namespace umpire::storage {

namespace {

using rules::Json;

// The members of the state document an edit may change; the rest must stay as they are.
const std::set<std::string> kEditable{"map", "sides", "forces", "settings"};

class Editor {
public:
    explicit Editor(Json doc) : doc_(std::move(doc)) {}

    void apply(const Json& op, const std::string& path) {
        path_ = path;
        if (!op.is_object() || !op.contains("op") || !op["op"].is_string())
            return problem("expected an operation object with \"op\"");
        try {
            apply_checked(op, op["op"].get<std::string>());
        } catch (const Json::exception& e) {
            // A patch earlier in the list can leave the document in any shape.
            problem(std::string("cannot apply to the state as it stands: ") + e.what());
        }
    }

    Json& doc() { return doc_; }
    rules::Problems& problems() { return problems_; }

private:
    void apply_checked(const Json& op, const std::string& kind) {
        if (kind == "set_force") return set_force(op);
        if (kind == "set_regiment") return set_regiment(op);
        if (kind == "add_force") return add_force(op);
        if (kind == "remove_force") return remove_force(op);
        if (kind == "set_terrain") return set_terrain(op);
        if (kind == "set_dwelling") return set_dwelling(op);
        if (kind == "patch") return patch(op);
        problem("unknown operation \"" + kind +
                "\"; known: set_force, set_regiment, add_force, remove_force, set_terrain, "
                "set_dwelling, patch");
    }

    void problem(const std::string& message) { problems_.add(path_, message); }

    const Json* member(const Json& op, const char* key, Json::value_t type) {
        if (!op.contains(key) || op[key].type() != type) {
            problem(std::string("needs \"") + key + "\" (" +
                    (type == Json::value_t::string   ? "a string"
                     : type == Json::value_t::object ? "an object"
                                                     : "an array") +
                    ")");
            return nullptr;
        }
        return &op[key];
    }

    Json* force(const std::string& id) {
        for (auto& f : doc_["forces"])
            if (f.value("id", "") == id) return &f;
        problem("no force \"" + id + "\"");
        return nullptr;
    }

    void set_force(const Json& op) {
        const Json* id = member(op, "force", Json::value_t::string);
        const Json* set = member(op, "set", Json::value_t::object);
        if (!id || !set) return;
        if (set->contains("id")) return problem("a force's id cannot change");
        if (Json* f = force(id->get<std::string>()))
            for (auto it = set->begin(); it != set->end(); ++it) (*f)[it.key()] = *it;
    }

    void set_regiment(const Json& op) {
        const Json* id = member(op, "regiment", Json::value_t::string);
        const Json* set = member(op, "set", Json::value_t::object);
        if (!id || !set) return;
        for (auto it = set->begin(); it != set->end(); ++it)
            if (it.key() != "name" && it.key() != "morale" && it.key() != "companies")
                return problem("a regiment's \"" + it.key() +
                               "\" cannot be set; name, morale and companies can");
        for (auto& f : doc_["forces"])
            for (auto& r : f["regiments"])
                if (r.value("id", "") == id->get<std::string>()) {
                    for (auto it = set->begin(); it != set->end(); ++it) r[it.key()] = *it;
                    return;
                }
        problem("no regiment \"" + id->get<std::string>() + "\"");
    }

    void add_force(const Json& op) {
        if (const Json* f = member(op, "force", Json::value_t::object))
            doc_["forces"].push_back(*f);
    }

    void remove_force(const Json& op) {
        const Json* id = member(op, "force", Json::value_t::string);
        if (!id || !force(id->get<std::string>())) return;
        auto& forces = doc_["forces"];
        forces.erase(std::remove_if(forces.begin(), forces.end(),
                                    [&](const Json& f) { return f.value("id", "") == *id; }),
                     forces.end());
    }

    // The hex [q, r] of op, or nullopt (reported).
    std::optional<std::pair<int, int>> hex_of(const Json& op) {
        const Json* hex = member(op, "hex", Json::value_t::array);
        if (!hex) return std::nullopt;
        if (hex->size() != 2 || !(*hex)[0].is_number_integer() || !(*hex)[1].is_number_integer()) {
            problem("\"hex\" must be [q, r]");
            return std::nullopt;
        }
        return std::pair{(*hex)[0].get<int>(), (*hex)[1].get<int>()};
    }

    void set_terrain(const Json& op) {
        const auto hex = hex_of(op);
        const Json* terrain = member(op, "terrain", Json::value_t::string);
        if (!hex || !terrain) return;
        auto& map = doc_["map"];
        for (auto& row : map["rows"]) {
            auto text = row.value("terrain", "");
            const int first_q = row.value("q", 0);
            if (row.value("r", 0) != hex->second || hex->first < first_q ||
                hex->first >= first_q + static_cast<int>(text.size()))
                continue;
            char& cell = text[static_cast<std::size_t>(hex->first - first_q)];
            if (cell == '.') break;
            cell = letter_for(map["legend"], terrain->get<std::string>());
            row["terrain"] = text;
            return;
        }
        problem("(" + std::to_string(hex->first) + "," + std::to_string(hex->second) +
                ") is not a hex of the map (an edit changes hexes, it does not add them)");
    }

    // The legend letter of a terrain, added to the legend if none names it yet (the reader then
    // checks the terrain against the ruleset).
    static char letter_for(Json& legend, const std::string& terrain) {
        for (auto it = legend.begin(); it != legend.end(); ++it)
            if (it->is_string() && it->get<std::string>() == terrain && it.key().size() == 1)
                return it.key()[0];
        for (char c = '!'; c <= '~'; ++c)
            if (c != '.' && !legend.contains(std::string(1, c))) {
                legend[std::string(1, c)] = terrain;
                return c;
            }
        return '.';  // 93 terrains already: the reader reports the hex gone
    }

    void set_dwelling(const Json& op) {
        const auto hex = hex_of(op);
        if (!hex) return;
        if (!op.contains("kind") || !(op["kind"].is_string() || op["kind"].is_null()))
            return problem("needs \"kind\": village, town, castle, or null to remove it");
        auto& list = doc_["map"]["dwellings"];
        if (!list.is_array()) list = Json::array();
        const Json at = Json::array({hex->first, hex->second});
        list.erase(std::remove_if(list.begin(), list.end(),
                                  [&](const Json& d) { return d.value("hex", Json()) == at; }),
                   list.end());
        if (op["kind"].is_null()) return;
        Json dwelling{{"hex", at}, {"kind", op["kind"]}};
        if (op.contains("name")) dwelling["name"] = op["name"];
        list.push_back(std::move(dwelling));
    }

    void patch(const Json& op) {
        const Json* operations = member(op, "patch", Json::value_t::array);
        if (!operations) return;
        try {
            doc_ = doc_.patch(*operations);
        } catch (const Json::exception& e) {
            problem(std::string("the patch does not apply: ") + e.what());
        }
    }

    Json doc_;
    rules::Problems problems_;
    std::string path_;
};

std::string owner_of(const Json& force) {
    return force.contains("player") && force["player"].is_string()
               ? force["player"].get<std::string>()
               : std::string();
}

// Which forces differ between the two documents, with their owners before and after.
std::map<std::string, std::vector<std::string>> changed_forces(const Json& before,
                                                               const Json& after) {
    std::map<std::string, std::pair<const Json*, const Json*>> by_id;
    for (const auto& f : before["forces"]) by_id[f["id"].get<std::string>()].first = &f;
    for (const auto& f : after["forces"]) by_id[f["id"].get<std::string>()].second = &f;
    std::map<std::string, std::vector<std::string>> out;
    for (const auto& [id, pair] : by_id) {
        const auto [was, is] = pair;
        if (was && is && *was == *is) continue;
        std::set<std::string> owners;
        if (was) owners.insert(owner_of(*was));
        if (is) owners.insert(owner_of(*is));
        out[id] = {owners.begin(), owners.end()};
    }
    return out;
}

}  // namespace

EditedWorld apply_world_edit(const std::string& state_text, const Json& edits,
                             const rules::Ruleset& ruleset) {
    auto fail = [](const std::string& message) {
        throw StorageError(ErrorKind::invalid_input, message);
    };
    if (!edits.is_array() || edits.empty()) fail("edits: expected a non-empty list of operations");
    if (edits.size() > kMaxWorldEditOperations)
        fail("edits: at most " + std::to_string(kMaxWorldEditOperations) + " operations at once");
    const Json before = Json::parse(state_text);
    Editor editor(before);
    for (std::size_t i = 0; i < edits.size(); ++i)
        editor.apply(edits[i], "edits[" + std::to_string(i) + "]");
    if (!editor.problems().empty()) fail(editor.problems().to_text());

    Json& after = editor.doc();
    if (!after.is_object()) fail("edits: the edited state is not an object");
    std::set<std::string> keys;
    for (const Json* doc : {&before, static_cast<const Json*>(&after)})
        for (auto it = doc->begin(); it != doc->end(); ++it) keys.insert(it.key());
    for (const auto& key : keys)
        if (!kEditable.count(key) && before.value(key, Json()) != after.value(key, Json()))
            fail("edits: \"" + key +
                 "\" cannot be edited; an edit changes the map, the sides, the forces and the "
                 "rule settings");

    rules::Problems problems;
    auto state = rules::read_scenario(after, problems);
    if (state) check_scenario_against_ruleset(*state, ruleset, problems, &after);
    if (!problems.empty() || !state) fail("the edited state is not valid:\n" + problems.to_text());

    EditedWorld out;
    out.text = snapshot_text(*state);
    if (out.text == state_text) fail("edits: they change nothing");
    const Json canonical = Json::parse(out.text);
    out.forces = changed_forces(before, canonical);
    for (const char* key : {"map", "sides", "settings"})
        out.map_or_sides =
            out.map_or_sides || before.value(key, Json()) != canonical.value(key, Json());
    out.state = std::move(*state);
    return out;
}

}  // namespace umpire::storage
