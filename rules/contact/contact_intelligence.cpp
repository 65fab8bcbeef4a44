// what a contact score tells a commander of an opponent's assault regiment. The
// fact built here is exactly what the table row gives: nothing a lower row withholds may leak.
#include <set>
#include <stdexcept>

#include "rules/contact/contact_dice.hpp"
#include "rules/disengagement/assault_regiment.hpp"
#include "rules/world/rounding.hpp"
#include "umpire/rules/audience.hpp"

namespace umpire::rules {

namespace {

// The composition a row gives; nothing for CompositionKnowledge::none.
std::optional<shape::CompositionKnown> composition_known(CompositionKnowledge level,
                                                         const Regiment& r,
                                                         const Ruleset& ruleset) {
    shape::CompositionKnown known;
    switch (level) {
        case CompositionKnowledge::none:
            return std::nullopt;
        case CompositionKnowledge::troop_class:
            // Basic class only: no types, no counts.
            known.class_ = to_string(main_troop_class(r, ruleset));
            return known;
        case CompositionKnowledge::troop_types: {
            std::set<std::string> types;
            for (const auto& c : r.companies) types.insert(c.type);
            known.types = std::vector<std::string>(types.begin(), types.end());
            return known;
        }
        case CompositionKnowledge::organization: {
            // Types, proportions and companies, but no figures and no names.
            const long long total = r.figures();
            auto& companies = known.companies.emplace();
            for (const Company& c : r.companies)
                companies.push_back(
                    {.type = c.type,
                     .share_percent = static_cast<int>(
                         total > 0 ? divide_half_up(100LL * c.figures, total) : 0)});
            return known;
        }
        case CompositionKnowledge::exact: {
            auto& companies = known.companies.emplace();
            for (const Company& c : r.companies)
                companies.push_back(
                    {.type = c.type,
                     .figures = c.figures,
                     .name = c.name.empty() ? std::nullopt : std::optional<std::string>(c.name)});
            return known;
        }
    }
    return std::nullopt;
}

}  // namespace

int apply_size_error(int figures, int error_percent) {
    // figures x (1 + percent/100), rounded half up; the bands never go below -100%.
    const long long scaled = static_cast<long long>(figures) * (100 + error_percent);
    if (scaled < 0) throw std::invalid_argument("size error below -100%");
    return static_cast<int>(divide_half_up(scaled, 100));
}

shape::IntelligenceFact contact_intelligence(const Ruleset& ruleset, int table_score,
                                             const Force& opponent, DiceSource& dice, EventLog& log,
                                             const std::string& receiver_force) {
    const ContactTableRow& row = ruleset.contact.row(table_score);
    static const Regiment kNone;
    const Regiment* regiment = assault_regiment(opponent);
    const int figures = regiment ? regiment->figures() : 0;

    shape::IntelligenceFact fact{.force = opponent.id, .score = row.score, .aware = row.aware};
    switch (row.size) {
        case SizeKnowledge::none: break;
        case SizeKnowledge::exact:
            fact.size = shape::FactSize{.exact = figures};
            break;
        case SizeKnowledge::estimate: {
            // 2d6 on the band's column. The rolls are the GM's alone: the
            // roll and the estimate together give the exact figure.
            auto roll_once = [&] {
                return log.roll(dice, 6, "size estimate",
                                {.force = receiver_force, .opponent = opponent.id}, gm_audience());
            };
            const int first = roll_once();
            const int roll = first + roll_once();
            const int error = ruleset.contact.size_estimation.error(row.accuracy_percent, roll);
            // Only the estimate and the band: the receiver knows its score, not the error.
            fact.size = shape::FactSize{.estimate = apply_size_error(figures, error),
                                        .accuracy_percent = row.accuracy_percent};
            break;
        }
    }
    fact.composition = composition_known(row.composition, regiment ? *regiment : kNone, ruleset);
    return fact;
}

std::optional<int> known_size(const shape::IntelligenceFact& fact) {
    if (!fact.size) return std::nullopt;
    return fact.size->exact ? fact.size->exact : fact.size->estimate;
}

}  // namespace umpire::rules
