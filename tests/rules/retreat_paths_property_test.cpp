// Property test of retreat and rout paths on random seeded maps: the planned
// move keeps every hard rule at every step, and it is exactly the move an independent
// brute-force enumeration of all direction sequences finds (surrender exactly when there is no
// legal path and no way off the map; the same preferred path otherwise).
#include <gtest/gtest.h>

#include <climits>
#include <map>
#include <random>
#include <tuple>

#include "retreat_fixture.hpp"
#include "rules/rout_morale/retreat_paths.hpp"
#include "umpire/rules/dice.hpp"

namespace umpire::rules {
namespace {

using namespace rout_test;
using Result = RetreatOutcome::Result;
using Path = std::vector<Hex>;

// ---- the brute force: read afresh, no search pruning -----------------------------

class BruteForce {
public:
    BruteForce(const CampaignState& s, const Ruleset& rs, const Force& f, RetreatKind kind)
        : s_(s), rs_(rs), f_(f), kind_(kind) {
        for (const auto& o : s.forces) {
            if (o.id == f.id || o.regiments.empty()) continue;
            (s.side_of(o) == s.side_of(f) ? allies_ : enemies_).push_back(o.hex());
        }
        const Side* side = s.find_side(s.side_of(f));
        for (Hex h : side->home_hexes)
            if (!home_ || std::make_pair(hex_distance(f.hex(), h), h) <
                              std::make_pair(hex_distance(f.hex(), *home_), *home_))
                home_ = h;
        waived_ = home_ && behind(f.hex());
    }

    bool behind(Hex h) const {
        for (Hex e : enemies_)
            if (hex_distance(e, h) <= rs_.retreat.behind_lines_radius &&
                hex_distance(e, *home_) < hex_distance(h, *home_))
                return true;
        return false;
    }
    bool lines_ok(Hex h) const { return !home_ || waived_ || !behind(h); }
    bool not_closer(Hex a, Hex b) const {
        for (Hex e : enemies_)
            if (hex_distance(b, e) < hex_distance(a, e)) return false;
        return true;
    }
    bool enemy_at(Hex h) const { return std::count(enemies_.begin(), enemies_.end(), h) > 0; }
    bool ally_at(Hex h) const { return std::count(allies_.begin(), allies_.end(), h) > 0; }
    const TerrainType* terrain(Hex h) const {
        const MapHex* c = s_.map.at(h);
        return c ? rs_.find_terrain(c->terrain) : nullptr;
    }
    bool enterable(Hex h) const { return terrain(h) && terrain(h)->passable && !enemy_at(h); }
    bool farther_than_start(Hex h) const {
        for (Hex e : enemies_)
            if (hex_distance(h, e) <= hex_distance(f_.hex(), e)) return false;
        return true;
    }

    // Every hex entered: distinct, not the start, enterable, not closer, not behind the lines.
    bool steps_ok(const Path& p) const {
        Hex from = f_.hex();
        for (std::size_t i = 0; i < p.size(); ++i) {
            if (p[i] == f_.hex() || std::count(p.begin(), p.begin() + i, p[i])) return false;
            if (!enterable(p[i]) || !not_closer(from, p[i]) || !lines_ok(p[i])) return false;
            from = p[i];
        }
        return true;
    }
    int cost(const Path& p) const {
        int c = 0;
        for (Hex h : p) c += terrain(h)->cost;  // the random maps have no roads or rivers
        return c;
    }
    bool legal(const Path& p) const {
        if (p.empty() || !steps_ok(p)) return false;
        if (kind_ == RetreatKind::rout && static_cast<int>(p.size()) != rs_.retreat.rout_hexes)
            return false;
        if (kind_ == RetreatKind::retreat && static_cast<int>(p.size()) > rs_.retreat.retreat_min_hexes &&
            cost(p) > rs_.retreat.retreat_move_points)
            return false;
        return !ally_at(p.back()) && farther_than_start(p.back());
    }

    int longest() const {
        if (kind_ == RetreatKind::rout) return rs_.retreat.rout_hexes;
        int cheapest = INT_MAX;
        for (const auto& [name, t] : rs_.terrain)
            if (t.passable) cheapest = std::min(cheapest, t.cost);
        return std::max(rs_.retreat.retreat_min_hexes, rs_.retreat.retreat_move_points / cheapest);
    }

    // All direction sequences of 0..longest() steps.
    std::vector<Path> all_paths() const {
        std::vector<Path> out{Path{}};
        std::vector<Path> layer{Path{}};
        for (int len = 1; len <= longest(); ++len) {
            std::vector<Path> next;
            for (const Path& p : layer)
                for (Hex d : kHexDirections) {
                    Path q = p;
                    q.push_back((p.empty() ? f_.hex() : p.back()) + d);
                    next.push_back(q);
                }
            out.insert(out.end(), next.begin(), next.end());
            layer = std::move(next);
        }
        return out;
    }

    int nearest_distance(Hex h) const {
        int d = INT_MAX;
        for (Hex e : enemies_) d = std::min(d, hex_distance(h, e));
        return d;
    }
    bool refuge(Hex h) const {
        const MapHex* c = s_.map.at(h);
        return c->dwelling || c->terrain == "forest";
    }

    RetreatOutcome expected() const {
        RetreatOutcome out;
        if (enemies_.empty()) {
            out.result = Result::no_enemy;
            return out;
        }
        const std::vector<Path> paths = all_paths();
        std::vector<Path> legal_paths;
        for (const Path& p : paths)
            if (legal(p)) legal_paths.push_back(p);
        // A retreat goes as far as it can: no legal path may extend the one taken.
        std::vector<Path> candidates;
        for (const Path& p : legal_paths) {
            bool extended = false;
            for (const Path& q : legal_paths)
                extended = extended || (q.size() > p.size() && std::equal(p.begin(), p.end(), q.begin()));
            if (kind_ == RetreatKind::rout || !extended) candidates.push_back(p);
        }
        if (!candidates.empty()) {
            auto key = [&](const Path& p) {
                int next = 0, allies = 0;
                for (Hex h : p) {
                    next += nearest_distance(h) == 1;
                    allies += ally_at(h);
                }
                const bool rout = kind_ == RetreatKind::rout;
                return std::make_tuple(rout ? 0 : cost(p), next, allies, rout && !refuge(p.back()),
                                       -nearest_distance(p.back()), p.back(), p);
            };
            out.path = *std::min_element(candidates.begin(), candidates.end(),
                                         [&](const Path& a, const Path& b) { return key(a) < key(b); });
            return out;
        }
        if (kind_ == RetreatKind::rout) {
            // hexes of the move left and a next step off the map, away from no enemy.
            bool any_exit = false;
            for (const Path& p : paths) {
                if (static_cast<int>(p.size()) < 1 || !steps_ok(Path(p.begin(), p.end() - 1))) continue;
                const Hex off = p.back();
                const Hex from = p.size() > 1 ? p[p.size() - 2] : f_.hex();
                if (!s_.map.contains(off) && not_closer(from, off) && lines_ok(off)) any_exit = true;
            }
            if (any_exit) {
                out.result = Result::routed_off_map;
                return out;
            }
        }
        out.result = Result::surrendered;
        int best = INT_MAX;
        for (const auto& o : s_.forces)  // ascending id: the first nearest wins
            if (!o.regiments.empty() && s_.side_of(o) != s_.side_of(f_) &&
                hex_distance(o.hex(), f_.hex()) < best) {
                best = hex_distance(o.hex(), f_.hex());
                out.captor = o.id;
            }
        return out;
    }

    // A home hex exists and the start is not behind the lines: the rule binds on this move.
    bool lines_rule_active() const { return home_ && !waived_; }

private:
    const CampaignState& s_;
    const Ruleset& rs_;
    const Force& f_;
    RetreatKind kind_;
    std::vector<Hex> enemies_;
    std::vector<Hex> allies_;
    std::optional<Hex> home_;
    bool waived_ = false;
};

// ---- random worlds -----------------------------------------------------------------------------

class RandomWorlds {
public:
    explicit RandomWorlds(std::uint64_t seed) : engine_(seed) {}

    int uniform(int lo, int hi) {  // inclusive
        return lo + static_cast<int>(bounded_uniform(engine_, static_cast<std::uint64_t>(hi - lo + 1)));
    }

    // A rhombus of 5..9 hexes a side with holes (off-map hexes inside), random terrain with
    // water, some dwellings; blue's force near a few red enemies and blue allies; 0..2 home hexes.
    CampaignState make() {
        const int w = uniform(5, 9), h = uniform(5, 9);
        static const char* kTerrain[] = {"clear", "clear", "clear", "clear", "forest", "forest",
                                         "hill",  "swamp", "mountain", "water", "water"};
        Map map;
        for (int q = 0; q < w; ++q)
            for (int r = 0; r < h; ++r) {
                if (uniform(0, 19) == 0) continue;  // a hole
                MapHex cell;
                cell.terrain = kTerrain[uniform(0, 10)];
                if (cell.terrain != "water" && uniform(0, 9) == 0) cell.dwelling = Dwelling{"village", "v"};
                map.hexes[Hex{q, r}] = cell;
            }
        std::vector<Hex> land;
        for (const auto& [hex, cell] : map.hexes)
            if (cell.terrain != "water") land.push_back(hex);
        CampaignState s = world(map);
        if (land.size() < 4) return s;
        auto take = [&](Hex near, int within) -> std::optional<Hex> {
            for (int tries = 0; tries < 20; ++tries) {
                Hex c = land[uniform(0, static_cast<int>(land.size()) - 1)];
                if (hex_distance(c, near) <= within && !s.force_at(c)) return c;
            }
            return std::nullopt;
        };
        const Hex start = land[uniform(0, static_cast<int>(land.size()) - 1)];
        add_force(s, "blue", "blue1", start);
        const int enemies = uniform(1, 4), allies = uniform(0, 3);
        for (int i = 0; i < enemies; ++i)
            if (auto c = take(start, 4)) add_force(s, "red" + std::to_string(i), "red1", *c);
        for (int i = 0; i < allies; ++i)
            if (auto c = take(start, 3)) add_force(s, "blue-ally" + std::to_string(i), "blue2", *c);
        const int homes = uniform(0, 3) == 0 ? 0 : uniform(1, 2);
        for (int i = 0; i < homes; ++i) side(s, "blue").home_hexes.push_back(Hex{uniform(-2, w + 1), uniform(-2, h + 1)});
        return s;
    }

private:
    std::mt19937_64 engine_;
};

// The hard rules of, checked on the planned path itself.
void expect_hard_rules(const Force& f, const RetreatOutcome& out, const BruteForce& brute,
                       bool to_end) {
    Hex from = f.hex();
    for (Hex h : out.path) {
        EXPECT_TRUE(brute.enterable(h)) << "enemy-held or impassable " << to_string(h);
        EXPECT_TRUE(brute.not_closer(from, h)) << "closer at " << to_string(h);
        EXPECT_TRUE(brute.lines_ok(h)) << "behind enemy lines at " << to_string(h);
        from = h;
    }
    if (to_end && !out.path.empty()) {
        EXPECT_TRUE(brute.farther_than_start(out.path.back()));
        EXPECT_FALSE(brute.ally_at(out.path.back()));
    }
}

void run_property(const Ruleset& ruleset, std::uint64_t seed, int maps) {
    RandomWorlds worlds(seed);
    std::map<std::string, int> seen;
    for (int i = 0; i < maps; ++i) {
        const CampaignState s = worlds.make();
        const Force* f = s.find_force("blue");
        if (!f) continue;
        for (RetreatKind kind : {RetreatKind::retreat, RetreatKind::rout}) {
            SCOPED_TRACE("map " + std::to_string(i) + (kind == RetreatKind::rout ? " rout" : " retreat"));
            const BruteForce brute(s, ruleset, *f, kind);
            const RetreatOutcome out = plan_retreat(s, ruleset, *f, kind);
            const RetreatOutcome want = brute.expected();
            ASSERT_EQ(out.result, want.result);
            switch (out.result) {
                case Result::moved:
                    expect_hard_rules(*f, out, brute, true);
                    EXPECT_EQ(out.path, want.path);
                    if (kind == RetreatKind::rout) {
                        EXPECT_EQ(static_cast<int>(out.path.size()), ruleset.retreat.rout_hexes);
                    }
                    ++seen[kind == RetreatKind::rout ? "rout moved" : "retreat moved"];
                    break;
                case Result::surrendered:
                    EXPECT_EQ(out.captor, want.captor);
                    ++seen["surrendered"];
                    break;
                case Result::routed_off_map: {
                    expect_hard_rules(*f, out, brute, false);
                    ASSERT_TRUE(out.exit);
                    EXPECT_FALSE(s.map.contains(*out.exit));
                    EXPECT_TRUE(adjacent(out.path.empty() ? f->hex() : out.path.back(), *out.exit));
                    EXPECT_LT(static_cast<int>(out.path.size()), ruleset.retreat.rout_hexes);
                    ++seen["routed off"];
                    break;
                }
                case Result::no_enemy: ++seen["no enemy"]; break;
            }
            if (brute.lines_rule_active()) ++seen["lines rule active"];
        }
    }
    // The maps must exercise every outcome, or the property says little.
    for (const char* k : {"rout moved", "retreat moved", "surrendered", "routed off", "lines rule active"})
        EXPECT_GT(seen[k], 0) << k;
}

TEST(RoutPathProperty, MatchesBruteForceOnRandomMaps) { run_property(valormr(), 20240601, 300); }

TEST(RoutPathProperty, MatchesBruteForceWithLongerMoves) {
    Ruleset ruleset = valormr();
    ruleset.retreat.retreat_move_points = 18;  // multi-hex retreats
    ruleset.retreat.rout_hexes = 4;
    ruleset.retreat.behind_lines_radius = 2;
    run_property(ruleset, 77, 300);
}

}  // namespace
}  // namespace umpire::rules
