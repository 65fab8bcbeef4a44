#include "umpire/rules/audience.hpp"

#include <algorithm>

namespace umpire::rules {

namespace {

// The audiences made on this thread, by their players. A campaign has a few players and so a
// few dozen lists at most; past kKept the oldest is dropped (whoever holds it keeps it).
class AudienceCache {
public:
    // The audience of these players (distinct, sorted here).
    Audience of(std::vector<const std::string*>& players) {
        const auto less = [](const std::string* a, const std::string* b) { return *a < *b; };
        const auto same = [](const std::string* a, const std::string* b) { return *a == *b; };
        std::sort(players.begin(), players.end(), less);
        players.erase(std::unique(players.begin(), players.end(), same), players.end());
        for (const Entry& e : entries_)
            if (std::equal(e.players.begin(), e.players.end(), players.begin(), players.end(),
                           [](const std::string& a, const std::string* b) { return a == *b; }))
                return e.audience;
        Entry made;
        for (const std::string* p : players) made.players.push_back(*p);
        made.audience = std::make_shared<AudienceText>(made.players);
        if (entries_.size() >= kKept) entries_.erase(entries_.begin());
        entries_.push_back(std::move(made));
        return entries_.back().audience;
    }

private:
    static constexpr std::size_t kKept = 64;
    struct Entry {
        std::vector<std::string> players;
        Audience audience;
    };
    std::vector<Entry> entries_;
};

Audience audience_of(std::vector<const std::string*>& players) {
    thread_local AudienceCache cache;
    return cache.of(players);
}

}  // namespace

Audience side_audience(const CampaignState& state, const Force& force) {
    const std::string& side = state.side_of(force);
    std::vector<const std::string*> players;
    for (const auto& p : state.players)
        if (p.side == side) players.push_back(&p.id);
    return audience_of(players);
}

Audience forces_audience(const CampaignState& state, const std::vector<std::string>& forces) {
    std::vector<const std::string*> players;
    players.reserve(forces.size());
    for (const auto& id : forces)
        if (const Force* f = state.find_force(id)) players.push_back(&f->player);
    return audience_of(players);
}

Audience player_audience(const std::string& player) {
    std::vector<const std::string*> players{&player};
    return audience_of(players);
}

Audience gm_audience() {
    std::vector<const std::string*> none;
    return audience_of(none);
}

}  // namespace umpire::rules
