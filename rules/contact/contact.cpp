// One contact procedure's working data and the lookups its steps share (contact.hpp).
#include "rules/contact/contact.hpp"

#include <array>

#include "rules/disengagement/assault_regiment.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/world/text_words.hpp"

namespace umpire::rules {

const AnswerList& window_options(unsigned offered) {
    static const std::array<AnswerList, 32> lists = [] {
        const char* const names[] = {"rest", "engage", "evade", "avoid", "delay"};
        std::array<AnswerList, 32> out;
        for (unsigned set = 0; set < out.size(); ++set) {
            std::vector<Answer> list;
            for (unsigned bit = 0; bit < 5; ++bit)
                if (set >> bit & 1) list.emplace_back(names[bit]);
            out[set] = answer_list(std::move(list));
        }
        return out;
    }();
    return lists[offered & 31];
}

Answer window_default(bool may_rest) {
    return may_rest ? "rest" : "engage";
}

Contact::Contact(ContactResolver& r, std::string contact_id)
    : resolver(r),
      state(r.state_),
      ruleset(r.ruleset_),
      dice(r.dice_),
      log(r.log_),
      decider(r.decider_),
      movement(r.movement_),
      context(r.context_),
      period(r.period_),
      participants(r.participants_),
      used_up(r.used_up_),
      disengaged(r.disengaged_),
      maneuvered(r.maneuvered_),
      pair_procedures(r.pair_procedures_),
      id(std::move(contact_id)) {}

bool Contact::may_rest(const std::string& force_id) const {
    // not in a half period in which it spent move points or took part in a disengagement.
    const ForceMovement& fm = movement.of(force_id);
    const bool moved = context.half == 0 ? fm.moved_first_half : fm.moved_second_half;
    return !moved && !disengaged.count(force_id);
}

const Contact::SeenForce& Contact::seen(const std::string& force_id) const {
    // Forces and sides are found by address: any change to either vector forgets them.
    const std::vector<Force>& forces = state.forces;
    const std::vector<Player>& players = state.players;
    if (seen_data_ != forces.data() || seen_size_ != forces.size() ||
        seen_players_ != players.data() || seen_players_size_ != players.size()) {
        seen_.clear();
        seen_data_ = forces.data();
        seen_size_ = forces.size();
        seen_players_ = players.data();
        seen_players_size_ = players.size();
    }
    const std::uint64_t word = text_words::text_word(force_id.data(), force_id.size());
    for (const SeenForce& s : seen_)
        if (s.word == word && s.id.size() == force_id.size() &&
            (force_id.size() <= 8 || s.id == force_id))
            return s;
    Force* found = state.find_force(force_id);
    if (!found) {
        static const std::string no_side;
        static const SeenForce missing{{}, 0, nullptr, &no_side};
        return missing;
    }
    return seen_.emplace_back(SeenForce{force_id, word, found, &state.side_of(*found)});
}

const std::string& Contact::side(const std::string& force_id) const {
    return *seen(force_id).side;
}

bool Contact::both_sides(const std::vector<std::string>& forces) const {
    // Whether any force has an opponent (opponents_of): a force on the map of another side.
    const std::string* mapped_side = nullptr;  // the side of the first force on the map
    for (const auto& force_id : forces) {
        const SeenForce& f = seen(force_id);
        if (!on_map(*f.force)) continue;
        if (!mapped_side)
            mapped_side = f.side;
        else if (*f.side != *mapped_side)
            return true;
    }
    if (!mapped_side) return false;
    for (const auto& force_id : forces)
        if (side(force_id) != *mapped_side) return true;  // off the map, facing those on it
    return false;
}

std::vector<std::string> Contact::opponents_of(const std::string& force_id,
                                               const std::vector<std::string>& among) const {
    std::vector<std::string> out;
    const std::string& own_side = side(force_id);
    for (const auto& other : among) {
        const SeenForce& o = seen(other);  // the force and its side, found once
        if (o.id == force_id) continue;
        if (on_map(*o.force) && different_sides(*o.side, own_side)) out.push_back(other);
    }
    return out;
}

Audience Contact::audience(const std::vector<std::string>& forces) const {
    return forces_audience(state, forces);
}

const AudienceText& Contact::everyone() const {
    if (everyone_of_ != all.size() || everyone_of_ == 0) {
        everyone_ = forces_audience(state, all);
        everyone_of_ = all.size();
    }
    return *everyone_;
}

DecisionRequest::Sizes Contact::sizes_of(const std::string& force_id) const {
    const Regiment* assault = assault_regiment(force(force_id));
    DecisionRequest::Sizes sizes{assault ? assault->figures() : 0, std::nullopt};
    if (auto it = estimates.find(force_id); it != estimates.end())
        sizes.largest_estimated_opponent = it->second;
    return sizes;
}

shape::ContactContext Contact::base_context(const std::string& force_id) const {
    const Force& f = force(force_id);
    const DecisionRequest::Sizes sizes = sizes_of(force_id);
    shape::ContactContext c{.contact = id,
                            .hex = f.hex(),
                            .own_assault_figures = sizes.own_assault_figures,
                            .may_rest = may_rest(force_id),
                            .largest_estimated_opponent = sizes.largest_estimated_opponent,
                            .contact_score = std::nullopt,
                            .opponents = {}};
    if (auto it = scores.find(force_id); it != scores.end())
        c.contact_score = it->second.table_score();
    // The forces it is in contact with: where they stand (the contact told it, R-5.1) and, after
    // the contact dice, what its commander learned of each, so that a decision is taken
    // with the opponents in view.
    const auto learned = intel.find(force_id);
    for (const auto& other : opponents_of(force_id, all)) {
        shape::OpponentInView& o = c.opponents.emplace_back();
        o.force = other;
        o.hex = force(other).hex();
        if (learned != intel.end())
            if (auto fact = learned->second.find(other); fact != learned->second.end())
                o.known = fact->second;
    }
    return c;
}

void Contact::fight_on_the_morrow(const std::vector<std::string>& forces) {
    // Resting forces stay where they are for the rest of the half period.
    for (const auto& force_id : forces) {
        used_up.insert(force_id);
        movement.stop(force_id, "rested");
    }
    event::ContactRested{.contact = id, .forces = forces}.write(log, everyone());
}

}  // namespace umpire::rules
