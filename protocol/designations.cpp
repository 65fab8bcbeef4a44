#include "protocol/designations.hpp"

#include <functional>

#include "protocol/projection.hpp"

namespace umpire::protocol {

using rules::Json;

namespace {

bool sees_real_ids(const Viewer& viewer, const Visibility& visibility) {
    return viewer.is_gm() || (viewer.role == Viewer::Role::observer &&
                              visibility.observers == Visibility::Observers::everything);
}

std::string viewer_key(const Viewer& viewer) {
    return std::string(role_name(viewer.role)) + ":" + viewer.player;
}

// A, B, …, Z, AA, AB, …
std::string letters(std::size_t n) {
    std::string out;
    for (++n; n > 0; n = (n - 1) / 26) out.insert(out.begin(), char('A' + (n - 1) % 26));
    return out;
}

// The forces the viewer may know only by designation: a player's every force not of its side,
// an observer's every force.
std::set<std::string> enemies_of(const Viewer& viewer, const DesignationFacts& facts) {
    std::set<std::string> out;
    const auto side = [&](const std::string& player) {
        const auto it = facts.player_sides.find(player);
        return it == facts.player_sides.end() ? std::string() : it->second;
    };
    for (const auto& [force, player] : facts.force_players)
        if (!viewer.is_player() ||
            (player != viewer.player && (side(player).empty() || side(player) != side(viewer.player))))
            out.insert(force);
    return out;
}

// Where ids made of parts split: a contact `1.first.aeskrvald`, a decision's id, a dice stream
// `/1.first.aeskrvald|anna,ingrid`, a press channel `0.anna>ingrid`.
constexpr const char* kSeparators = ".|/,+>";

bool has_parts(const std::string& s) { return s.find_first_of(kSeparators) != std::string::npos; }

// `x` with every string value (and, with `keys`, every object key) passed through `f`.
Json with_strings_mapped(const Json& x, const std::function<std::string(const std::string&)>& f,
                         bool keys) {
    if (x.is_string()) return f(x.get_ref<const std::string&>());
    if (x.is_object()) {
        Json out = Json::object();
        for (auto it = x.begin(); it != x.end(); ++it)
            out[keys ? f(it.key()) : it.key()] = with_strings_mapped(it.value(), f, keys);
        return out;
    }
    if (x.is_array()) {
        Json out = Json::array();
        for (const auto& v : x) out.push_back(with_strings_mapped(v, f, keys));
        return out;
    }
    return x;
}

// The parts of `s`, each followed by the separator after it ("" after the last).
std::vector<std::pair<std::string, std::string>> parts_of(const std::string& s) {
    std::vector<std::pair<std::string, std::string>> parts;
    std::size_t start = 0;
    for (std::size_t at; (at = s.find_first_of(kSeparators, start)) != std::string::npos;
         start = at + 1)
        parts.emplace_back(s.substr(start, at - start), std::string(1, s[at]));
    parts.emplace_back(s.substr(start), "");
    return parts;
}

class Lettering {
public:
    Lettering(const DesignationFacts& facts, std::set<std::string> enemies,
              std::map<std::string, std::string>& names)
        : facts_(facts), enemies_(std::move(enemies)), names_(names) {
        for (const auto& [regiment, of] : facts_.regiment_forces)
            if (enemies_.count(of.first)) regiments_[regiment] = of;
    }

    // Letters every enemy `x` names that has none yet, in the order they come.
    void meet(const Json& x) {
        if (x.is_string()) {
            meet_text(x.get_ref<const std::string&>());
        } else if (x.is_object()) {
            for (auto it = x.begin(); it != x.end(); ++it) {
                meet_text(it.key());
                meet(it.value());
            }
        } else if (x.is_array()) {
            for (const auto& v : x) meet(v);
        }
    }

    // `x` with each enemy id replaced by its designation.
    Json renamed(const Json& x) {
        return with_strings_mapped(x, [this](const std::string& s) { return rename(s); }, true);
    }

private:
    void meet_one(const std::string& id) {
        if (enemies_.count(id)) {
            if (!names_.count(id)) names_[id] = "enemy-" + letters(count_++);
        } else if (const auto r = regiments_.find(id); r != regiments_.end()) {
            meet_one(r->second.first);
        }
    }
    void meet_text(const std::string& s) {
        meet_one(s);
        if (has_parts(s))
            for (const auto& part : parts_of(s)) meet_one(part.first);
    }
    std::string rename_one(const std::string& id) {
        if (const auto it = names_.find(id); it != names_.end()) return it->second;
        if (const auto r = regiments_.find(id); r != regiments_.end()) {
            meet_one(r->second.first);
            return names_[r->second.first] + "." + std::to_string(r->second.second);
        }
        if (enemies_.count(id)) {  // first met in this very message
            meet_one(id);
            return names_[id];
        }
        return id;
    }
    std::string rename(const std::string& s) {
        if (enemies_.count(s) || regiments_.count(s)) return rename_one(s);
        if (!has_parts(s)) return s;
        std::string out;
        for (const auto& [part, separator] : parts_of(s)) out += rename_one(part) + separator;
        return out;
    }

    const DesignationFacts& facts_;
    std::set<std::string> enemies_;
    std::map<std::string, std::pair<std::string, int>> regiments_;
    std::map<std::string, std::string>& names_;
    std::size_t count_ = 0;

public:
    void start_after(std::size_t taken) { count_ = taken; }
};

}  // namespace

const std::map<std::string, std::string>* DesignationFacts::of(const Viewer& viewer) const {
    if (sees_real_ids(viewer, visibility)) return nullptr;
    auto [it, fresh] = made_.try_emplace(viewer_key(viewer));
    if (fresh) {
        std::map<std::string, std::string> names;
        Lettering lettering(*this, enemies_of(viewer, *this), names);
        for (const auto& events : periods)
            for (const auto& e : events)
                if (auto seen = event_for(viewer, e, visibility)) lettering.meet(*seen);
        for (const auto& [player, request] : pending)
            if (decision_visible(viewer, player)) lettering.meet(request);
        it->second = std::move(names);
    }
    return &*it->second;
}

Json designated(const Viewer& viewer, const DesignationFacts* facts, Json message) {
    if (!facts) return message;
    const auto* names = facts->of(viewer);
    if (!names) return message;
    // A force first met in this message (made before its period was stored) is lettered after
    // the others, for this message only.
    std::map<std::string, std::string> all = *names;
    Lettering lettering(*facts, enemies_of(viewer, *facts), all);
    lettering.start_after(names->size());
    return lettering.renamed(message);
}

Json undesignated(const Viewer& viewer, const DesignationFacts* facts, Json answer) {
    if (!facts) return answer;
    const auto* names = facts->of(viewer);
    if (!names || names->empty()) return answer;
    std::map<std::string, std::string> ids;
    for (const auto& [id, name] : *names) ids[name] = id;
    for (const auto& [regiment, of] : facts->regiment_forces)
        if (const auto it = names->find(of.first); it != names->end())
            ids[it->second + "." + std::to_string(of.second)] = regiment;
    const auto undesignate = [&](const std::string& s) -> std::string {
        if (const auto it = ids.find(s); it != ids.end()) return it->second;
        if (!has_parts(s)) return s;
        // An id made of parts (a decision's, a contact's); "enemy-A.2" is a regiment.
        std::string out;
        const auto parts = parts_of(s);
        for (std::size_t i = 0; i < parts.size(); ++i) {
            auto [part, separator] = parts[i];
            if (separator == "." && i + 1 < parts.size() &&
                ids.count(part + "." + parts[i + 1].first)) {
                part = ids[part + "." + parts[i + 1].first];
                separator = parts[++i].second;
            } else if (const auto it = ids.find(part); it != ids.end()) {
                part = it->second;
            }
            out += part + separator;
        }
        return out;
    };
    return with_strings_mapped(answer, undesignate, false);
}

}  // namespace umpire::protocol
