#include "rules/contact/contact_procedure.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <span>

#include "rules/contact/contact_procedure_detail.hpp"
#include "rules/dice/rolloff.hpp"
#include "rules/disengagement/assault_regiment.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/scouting/scouting.hpp"
#include "rules/world/text_words.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/calendar.hpp"

namespace umpire::rules {

namespace {

// The options of a contact window: "rest", "engage", "evade", "avoid", "delay", in that order,
// those whose bit is set in `offered` (kRest, ...). Each combination is built once and shared.
enum WindowOption : unsigned { kRest = 1, kEngage = 2, kEvade = 4, kAvoid = 8, kDelay = 16 };
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

// A window's default: rest for a force that may rest, else engage.
Answer window_default(bool may_rest) { return may_rest ? "rest" : "engage"; }

}  // namespace

HalfPeriod HalfPeriodContext::half_period() const { return half_periods_of(period)[half]; }

ContactResolver::ContactResolver(CampaignState& state, const Ruleset& ruleset, DiceSource& dice,
                                 EventLog& log, Decider& decider, MovementPhase& movement,
                                 const HalfPeriodContext& context, PeriodContacts& period)
    : state_(state),
      ruleset_(ruleset),
      dice_(dice),
      log_(log),
      decider_(decider),
      movement_(movement),
      context_(context),
      period_(period) {}

void ContactResolver::resolve(const std::vector<MapContact>& contacts) {
    // Contacts come in ascending t (ties by lower id); each starts a group unless an earlier
    // group already took its forces. A group is every force linked to it by opposing adjacency
    // now, since earlier procedures may have moved forces.
    std::set<std::string> done;
    for (const MapContact& contact : contacts) {
        if (done.count(contact.a) || done.count(contact.b)) continue;
        const Force* a = state_.find_force(contact.a);
        const Force* b = state_.find_force(contact.b);
        if (!a || !b || !on_map(*a) || !on_map(*b) || !adjacent(a->hex, b->hex)) continue;
        std::vector<std::string> group{contact.a};
        for (std::size_t i = 0; i < group.size(); ++i) {
            const Force& f = *state_.find_force(group[i]);
            for (const Force* g : forces_next_to(state_, f.hex))
                if (state_.opposed(f, *g) &&
                    std::find(group.begin(), group.end(), g->id) == group.end() &&
                    !done.count(g->id))
                    group.push_back(g->id);
        }
        std::sort(group.begin(), group.end());
        done.insert(group.begin(), group.end());
        participants_.insert(group.begin(), group.end());
        // A force is in one procedure a half period, so its half and lowest force name it.
        ++period_.count;
        const std::string id =
            period_.counted_ids
                ? std::to_string(context_.day) + "." + to_string(context_.period) + "." +
                      std::to_string(period_.count)
                : std::to_string(context_.day) + "." + to_string(context_.half_period()) + "." +
                      group.front();
        event::ContactProcedure{
            .contact = id, .forces = group, .half_period = to_string(context_.half_period())}
            .write(log_, forces_audience(state_, group));
        ContactProcedure(*this, id).run(group);
    }
}

// --- ContactProcedure ---------------------------------------------------------------------

void ContactProcedure::run(std::vector<std::string> forces) {
    all_ = forces;
    // The procedure's dice are its own: named by its id (half period and lowest force), known to
    // every side of it, never by how many contacts came before
    // (include/umpire/rules/stream_dice.hpp).
    const auto streams = r_.log_.stream_scope(id_);
    // three or more forces choose one battle or separate engagements, unless the
    // campaign settings fix either.
    using Engagements = CampaignSettings::Engagements;
    const Engagements setting = r_.state_.settings.engagements;
    if (forces.size() >= 3) {
        bool separate = setting == Engagements::separate;
        if (setting == Engagements::choose) {
            static const AnswerList options = answer_list({"one_battle", "separate"});
            std::vector<DecisionRequest> requests;
            requests.reserve(forces.size());
            for (const auto& id : forces)
                requests.push_back({decision_id("engagements", id), force(id).player, id,
                                    "separate_engagements", "before_contact", options,
                                    "one_battle", {}, context_of(id)});
            const auto answers = r_.decider_.ask_together(requests);
            separate = std::all_of(answers.begin(), answers.end(),
                                   [](const Answer& a) { return a.is("separate"); });
        }
        event::EngagementsChosen{.contact = id_, .separate = separate}.write(r_.log_,
                                                                             audience(forces));
        if (separate) {
            int pair = 0;
            for (std::size_t i = 0; i < forces.size(); ++i)
                for (std::size_t j = i + 1; j < forces.size(); ++j) {
                    const Force& a = force(forces[i]);
                    const Force& b = force(forces[j]);
                    if (on_map(a) && on_map(b) && adjacent(a.hex, b.hex) &&
                        r_.state_.opposed(a, b))
                        ContactProcedure(r_, id_ + "-" + std::to_string(++pair))
                            .run({forces[i], forces[j]});
                }
            return;
        }
    }
    steps(std::move(forces));
    follow_maneuvers();
}

void ContactProcedure::steps(std::vector<std::string> forces) {
    // count the procedures each opposing pair goes through in this half period.
    for (std::size_t i = 0; i < forces.size(); ++i)
        for (std::size_t j = i + 1; j < forces.size(); ++j)
            if (side(forces[i]) != side(forces[j]))
                ++r_.pair_procedures_[std::minmax(forces[i], forces[j])];
    forces = before_contact(std::move(forces));
    if (forces.empty()) return;
    // a supporter may relieve the force it supports before the contact dice.
    forces = offer_relief(std::move(forces), "before_dice");
    contact_dice(forces);
    forces = engage_or_evade(std::move(forces), "after_contact_dice");
    if (forces.empty()) return;
    terrain_reconnaissance(forces);
    forces = engage_or_evade(std::move(forces), "after_terrain");
    if (forces.empty()) return;
    open_battle(forces);
}

bool ContactProcedure::may_rest(const std::string& id) const {
    // not in a half period in which it spent move points or took part in a disengagement.
    const ForceMovement& fm = r_.movement_.of(id);
    const bool moved = r_.context_.half == 0 ? fm.moved_first_half : fm.moved_second_half;
    return !moved && !r_.disengaged_.count(id);
}

const ContactProcedure::SeenForce& ContactProcedure::seen(const std::string& id) const {
    // Forces and sides are found by address: any change to either vector forgets them.
    const std::vector<Force>& forces = r_.state_.forces;
    const std::vector<Player>& players = r_.state_.players;
    if (seen_data_ != forces.data() || seen_size_ != forces.size() ||
        seen_players_ != players.data() || seen_players_size_ != players.size()) {
        seen_.clear();
        seen_data_ = forces.data();
        seen_size_ = forces.size();
        seen_players_ = players.data();
        seen_players_size_ = players.size();
    }
    const std::uint64_t word = text_words::text_word(id.data(), id.size());
    for (const SeenForce& s : seen_)
        if (s.word == word && s.id.size() == id.size() && (id.size() <= 8 || s.id == id))
            return s;
    Force* found = r_.state_.find_force(id);
    if (!found) {
        static const std::string no_side;
        static const SeenForce missing{{}, 0, nullptr, &no_side};
        return missing;
    }
    return seen_.emplace_back(SeenForce{id, word, found, &r_.state_.side_of(*found)});
}

const std::string& ContactProcedure::side(const std::string& id) const { return *seen(id).side; }

bool ContactProcedure::both_sides(const std::vector<std::string>& forces) {
    // Whether any force has an opponent (opponents_of): a force on the map of another side.
    const std::string* mapped_side = nullptr;  // the side of the first force on the map
    for (const auto& id : forces) {
        const SeenForce& f = seen(id);
        if (!on_map(*f.force)) continue;
        if (!mapped_side) mapped_side = f.side;
        else if (*f.side != *mapped_side) return true;
    }
    if (!mapped_side) return false;
    for (const auto& id : forces)
        if (side(id) != *mapped_side) return true;  // off the map, facing those on it
    return false;
}

std::vector<std::string> ContactProcedure::opponents_of(
    const std::string& id, const std::vector<std::string>& among) const {
    std::vector<std::string> out;
    const std::string& own_side = side(id);
    for (const auto& other : among) {
        const SeenForce& o = seen(other);  // the force and its side, found once
        if (o.id == id) continue;
        if (on_map(*o.force) && different_sides(*o.side, own_side)) out.push_back(other);
    }
    return out;
}

Audience ContactProcedure::audience(const std::vector<std::string>& forces) const {
    return forces_audience(r_.state_, forces);
}

const AudienceText& ContactProcedure::everyone() const {
    if (everyone_of_ != all_.size() || everyone_of_ == 0) {
        everyone_ = forces_audience(r_.state_, all_);
        everyone_of_ = all_.size();
    }
    return *everyone_;
}

DecisionRequest::Sizes ContactProcedure::sizes_of(const std::string& id) const {
    const Regiment* assault = assault_regiment(force(id));
    DecisionRequest::Sizes sizes{assault ? assault->figures() : 0, std::nullopt};
    if (auto it = estimates_.find(id); it != estimates_.end())
        sizes.largest_estimated_opponent = it->second;
    return sizes;
}

shape::ContactContext ContactProcedure::base_context(const std::string& id) const {
    const Force& f = force(id);
    const DecisionRequest::Sizes sizes = sizes_of(id);
    shape::ContactContext c{.contact = id_,
                            .hex = f.hex,
                            .own_assault_figures = sizes.own_assault_figures,
                            .may_rest = may_rest(id),
                            .largest_estimated_opponent = sizes.largest_estimated_opponent,
                            .contact_score = std::nullopt,
                            .opponents = {}};
    if (auto it = scores_.find(id); it != scores_.end()) c.contact_score = it->second.table_score();
    // The forces it is in contact with: where they stand (the contact told it, R-5.1) and, after
    // the contact dice, what its commander learned of each, so that a decision is taken
    // with the opponents in view.
    const auto learned = intel_.find(id);
    for (const auto& other : opponents_of(id, all_)) {
        shape::OpponentInView& o = c.opponents.emplace_back();
        o.force = other;
        o.hex = force(other).hex;
        if (learned != intel_.end())
            if (auto fact = learned->second.find(other); fact != learned->second.end())
                o.known = fact->second;
    }
    return c;
}

void ContactProcedure::fight_on_the_morrow(const std::vector<std::string>& forces) {
    // Resting forces stay where they are for the rest of the half period.
    for (const auto& id : forces) {
        r_.used_up_.insert(id);
        r_.movement_.stop(id, "rested");
    }
    event::ContactRested{.contact = id_, .forces = forces}.write(r_.log_, everyone());
}

// Step 1 and 2 of: rest, engage, avoid or delay; support roles.
std::vector<std::string> ContactProcedure::before_contact(std::vector<std::string> forces) {
    std::vector<DecisionRequest> requests;
    std::map<std::string, std::vector<Hex>> targets;
    for (const auto& id : forces) {
        const Force& f = force(id);
        const bool rest = may_rest(id);
        unsigned options = (rest ? unsigned{kRest} : 0u) | kEngage;
        targets[id] = avoid_hexes(f, forces);
        if (!targets[id].empty()) options |= kAvoid;
        // R-7.2 [H]: not the same opponent in two consecutive half periods.
        const auto opponents = opponents_of(id, forces);
        const bool delayed_before = std::any_of(
            r_.state_.delays.begin(), r_.state_.delays.end(), [&](const DelayRecord& d) {
                return d.force == id && d.half == r_.context_.half_ordinal() - 1 &&
                       std::find(opponents.begin(), opponents.end(), d.opponent) !=
                           opponents.end();
            });
        if (!delayed_before) options |= kDelay;
        auto context = [this, &id, avoid = targets[id]] {
            return shape::ContactWindowContext{base_context(id), avoid};
        };
        requests.push_back({decision_id("before", id), f.player, id, "contact_window",
                            "before_contact", window_options(options), window_default(rest),
                            {}, context});
        requests.back().sizes = sizes_of(id);
    }
    // an allied force next to one in contact, itself out of contact, may support it.
    std::vector<std::pair<std::string, std::string>> offers;  // supporter, supported
    for (const auto& id : forces) {
        const Force& f = force(id);
        for (const Force* neighbour : forces_next_to(r_.state_, f.hex)) {
            const Force& ally = *neighbour;
            if (ally.id == id || r_.state_.opposed(ally, f) || r_.participants_.count(ally.id))
                continue;
            const auto next_to_ally = forces_next_to(r_.state_, ally.hex);
            const bool in_contact =
                std::any_of(next_to_ally.begin(), next_to_ally.end(),
                            [&](const Force* e) { return r_.state_.opposed(*e, ally); });
            if (in_contact) continue;
            offers.push_back({ally.id, id});
            const shape::SupportContext context{.contact = id_, .supports = id, .hex = ally.hex};
            requests.push_back({decision_id("support-" + id, ally.id), ally.player, ally.id,
                                "support_role", "before_contact", yes_or_no(), false,
                                context});
        }
    }
    const auto answers = r_.decider_.ask_together(requests);
    for (std::size_t i = forces.size(); i < requests.size(); ++i) {
        const auto& [supporter, supported] = offers[i - forces.size()];
        if (answers[i].yes() && !supporters_.count(supported)) {
            supporters_[supported] = supporter;
            std::vector<std::string> seen_by = all_;
            seen_by.push_back(supporter);  // the supporter's player too
            event::SupportRole{.force = supporter, .supports = supported}.write(r_.log_,
                                                                                audience(seen_by));
        }
    }

    std::vector<std::string> rest, engage, avoid, delay;
    std::map<std::string, Hex> avoid_to;
    for (std::size_t i = 0; i < forces.size(); ++i) {
        const Answer& a = answers[i];
        const std::string& id = forces[i];
        const auto* avoid_hex = a.as<AvoidTo>();
        if (avoid_hex || a.is("avoid")) {
            avoid.push_back(id);
            // Without a chosen hex the first offered one (the farthest from the enemy).
            avoid_to[id] = avoid_hex ? avoid_hex->hex : targets[id].front();
        } else if (a.is("delay")) {
            delay.push_back(id);
        } else if (a.is("rest")) {
            rest.push_back(id);
        } else {
            engage.push_back(id);
        }
    }
    if (rest.size() == forces.size()) {
        fight_on_the_morrow(forces);
        return {};
    }
    // If anyone declines to rest, those who chose rest count as engaging.
    engage.insert(engage.end(), rest.begin(), rest.end());
    std::sort(engage.begin(), engage.end());

    // step 2: avoid and delay; all succeed without dice when nobody engages.
    for (const auto& id : forces) {
        const bool avoids = avoid_to.count(id) != 0;
        const bool delays = std::find(delay.begin(), delay.end(), id) != delay.end();
        if (!avoids && !delays) continue;
        const auto opponents = opponents_of(id, engage);
        Force& f = force(id);
        const Hex before = f.hex;
        if (!opponents.empty()) disengage(id, opponents, avoids ? "avoid" : "delay");
        if (!on_map(f)) continue;
        if (avoids) {
            // A force displaced by its roll has already moved away.
            if (f.hex == before) move_avoiding(f, avoid_to[id]);
        } else {
            for (const auto& o : opponents_of(id, forces))
                r_.state_.delays.push_back({id, o, r_.context_.half_ordinal()});
            // [H] The delaying force and the opponents it delayed do not move again this half.
            r_.used_up_.insert(id);
            r_.movement_.stop(id, "delayed the enemy");
            for (const auto& o : opponents) {
                r_.used_up_.insert(o);
                r_.movement_.stop(o, "delayed by the enemy");
            }
            event::Delayed{.force = id, .opponents = opponents}.write(r_.log_, everyone());
        }
    }
    std::vector<std::string> remaining;
    for (const auto& id : engage)
        if (on_map(force(id))) remaining.push_back(id);
    if (!both_sides(remaining)) {
        event::ContactEnded{.contact = id_, .step = "before_contact"}.write(r_.log_, everyone());
        return {};
    }
    return remaining;
}

// step 3, R-6.1 to.
void ContactProcedure::contact_dice(const std::vector<std::string>& forces) {
    const int period = r_.context_.period_ordinal();
    std::vector<ContactCommander> commanders;
    for (const auto& id : forces) {
        const Force& f = force(id);
        ContactCommander c;
        c.force = id;
        c.side = side(id);
        c.daily_allowance = r_.movement_.of(id).daily;
        c.regiments = static_cast<int>(f.regiments.size());
        c.terrain = *r_.state_.map.terrain_at(f.hex);
        const auto opponents = opponents_of(id, forces);
        c.scouted_opponent = has_successful_scout(r_.state_, r_.ruleset_, id, opponents, period);
        c.captured_opponent_scout =
            has_captured_scout(r_.state_, r_.ruleset_, id, opponents, period);
        c.previous_contact =
            std::any_of(opponents.begin(), opponents.end(), [&](const std::string& other) {
                return r_.period_.met_recently(r_.state_, id, other, period);
            });
        commanders.push_back(c);
    }
    for (std::size_t i = 0; i < forces.size(); ++i)
        for (std::size_t j = i + 1; j < forces.size(); ++j)
            if (side(forces[i]) != side(forces[j]))
                r_.period_.record_contact(r_.state_, forces[i], forces[j], period);

    // Contact dice are seen by every participant.
    auto scores = [&] {
        const auto narrowed = r_.log_.narrowed_to(everyone());
        return roll_contact_dice(r_.ruleset_, commanders, r_.dice_, r_.log_);
    }();
    hour_ = contact_hour(r_.ruleset_, r_.context_.half_period(), scores);
    for (auto& s : scores) scores_[s.force] = std::move(s);
    event::ContactHour{.contact = id_, .hour = *hour_}.write(r_.log_, everyone());

    // R-6.3/6.4: each commander learns of each opponent what its own score gives, privately.
    for (const auto& receiver : forces) {
        const Force& rf = force(receiver);
        const std::string_view player = rf.player;
        const FieldValue private_audience(std::span<const std::string_view>(&player, 1));
        int largest = -1;
        for (const auto& opponent : opponents_of(receiver, forces)) {
            shape::IntelligenceFact fact = [&] {
                const auto narrowed = r_.log_.narrowed_to(private_audience);
                return contact_intelligence(r_.ruleset_, scores_.at(receiver).table_score(),
                                            force(opponent), r_.dice_, r_.log_, receiver);
            }();
            if (const auto size = known_size(fact)) largest = std::max(largest, *size);
            event::Intelligence{.contact = id_, .fact = fact, .receiver = receiver}.write(
                r_.log_, private_audience);
            intel_[receiver][opponent] = fact;
            r_.state_.knowledge[rf.player].push_back(
                {opponent, std::move(fact), "contact " + id_, period});
        }
        if (largest >= 0) estimates_[receiver] = largest;
    }
}

std::vector<std::string> ContactProcedure::engage_or_evade(std::vector<std::string> forces,
                                                           const std::string& window) {
    std::vector<DecisionRequest> requests;
    requests.reserve(forces.size());
    for (const auto& id : forces) {
        const bool rest = may_rest(id);
        // an unaware commander (score 1) cannot evade.
        const bool aware = scores_.count(id) &&
                           r_.ruleset_.contact.row(scores_.at(id).modified).aware;
        const unsigned options = (rest ? unsigned{kRest} : 0u) | kEngage | (aware ? unsigned{kEvade} : 0u);
        auto context = [this, &id] { return shape::ContactWindowContext{base_context(id)}; };
        requests.push_back({decision_id(window, id), force(id).player, id, "contact_window",
                            window, window_options(options), window_default(rest), {},
                            context});
        requests.back().sizes = sizes_of(id);
    }
    const auto answers = r_.decider_.ask_together(requests);
    std::vector<std::string> engage, evade;
    std::size_t resting = 0;
    for (std::size_t i = 0; i < forces.size(); ++i) {
        if (answers[i].is("evade"))
            evade.push_back(forces[i]);
        else
            engage.push_back(forces[i]);
        if (answers[i].is("rest")) ++resting;
    }
    if (resting == forces.size()) {
        fight_on_the_morrow(forces);
        return {};
    }
    if (engage.empty()) {
        // nobody engages, so every evasion succeeds without dice.
        event::ContactEnded{.contact = id_, .step = window, .evaded = evade}.write(r_.log_,
                                                                                   everyone());
        return {};
    }
    bool disengaged = false;
    for (const auto& id : evade) {
        const auto opponents = opponents_of(id, engage);
        if (!opponents.empty()) disengage(id, opponents, "evade");
        disengaged = disengaged || !opponents.empty();
    }
    std::vector<std::string> remaining;
    for (const auto& id : engage)
        if (on_map(force(id))) remaining.push_back(id);
    if (!both_sides(remaining)) {
        event::ContactEnded{.contact = id_, .step = window}.write(r_.log_, everyone());
        return {};
    }
    // after a disengagement, a supporter may relieve a force still in the contact.
    if (disengaged) remaining = offer_relief(std::move(remaining), window);
    return remaining;
}

}  // namespace umpire::rules
