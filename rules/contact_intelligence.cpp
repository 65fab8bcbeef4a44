// what a contact score tells a commander of an opponent's assault regiment. The
// fact built here is exactly what the table row gives: nothing a lower row withholds may leak.
#include <set>
#include <stdexcept>

#include "rules/assault_regiment.hpp"
#include "rules/rounding.hpp"
#include "rules/contact_dice.hpp"

namespace umpire::rules {

namespace {

Json composition_json(CompositionKnowledge level, const Regiment* regiment,
                      const Ruleset& ruleset) {
    static const Regiment kEmpty;
    const Regiment& r = regiment ? *regiment : kEmpty;
    switch (level) {
        case CompositionKnowledge::none: return nullptr;
        case CompositionKnowledge::troop_class:
            // Basic class only: no types, no counts.
            return Json{{"class", std::string(to_string(main_troop_class(r, ruleset)))}};
        case CompositionKnowledge::troop_types: {
            std::set<std::string> types;
            for (const auto& c : r.companies) types.insert(c.type);
            return Json{{"types", Json(std::vector<std::string>(types.begin(), types.end()))}};
        }
        case CompositionKnowledge::organization: {
            // Types, proportions and companies, but no figures and no names.
            const long long total = r.figures();
            Json companies = Json::array();
            for (const auto& c : r.companies)
                companies.push_back(
                    Json{{"type", c.type},
                         {"share_percent", total > 0 ? divide_half_up(100LL * c.figures, total) : 0}});
            return Json{{"companies", std::move(companies)}};
        }
        case CompositionKnowledge::exact: {
            Json companies = Json::array();
            for (const auto& c : r.companies) {
                Json company{{"type", c.type}, {"figures", c.figures}};
                if (!c.name.empty()) company["name"] = c.name;
                companies.push_back(std::move(company));
            }
            return Json{{"companies", std::move(companies)}};
        }
    }
    return nullptr;
}

}  // namespace

int apply_size_error(int figures, int error_percent) {
    // figures x (1 + percent/100), rounded half up; the bands never go below -100%.
    const long long scaled = static_cast<long long>(figures) * (100 + error_percent);
    if (scaled < 0) throw std::invalid_argument("size error below -100%");
    return static_cast<int>(divide_half_up(scaled, 100));
}

Json contact_intelligence(const Ruleset& ruleset, int table_score, const Force& opponent,
                          DiceSource& dice, EventLog& log, const std::string& receiver_force) {
    const ContactTableRow& row = ruleset.contact.row(table_score);
    const Regiment* regiment = assault_regiment(opponent);
    const int figures = regiment ? regiment->figures() : 0;

    Json fact{{"force", opponent.id}, {"aware", row.aware}, {"score", row.score}};
    switch (row.size) {
        case SizeKnowledge::none: break;
        case SizeKnowledge::exact: fact["size"] = Json{{"exact", figures}}; break;
        case SizeKnowledge::estimate: {
            // 2d6 on the band's column; the rolls are the receiver's alone.
            auto roll_once = [&] {
                return log.roll(dice, 6, "size estimate",
                                Fields{{"force", receiver_force}, {"opponent", opponent.id}});
            };
            const int first = roll_once();
            const int roll = first + roll_once();
            const int error = ruleset.contact.size_estimation.error(row.accuracy_percent, roll);
            // Only the estimate and the band: the receiver knows its score, not the error.
            fact["size"] = Json{{"estimate", apply_size_error(figures, error)},
                                {"accuracy_percent", row.accuracy_percent}};
            break;
        }
    }
    Json composition = composition_json(row.composition, regiment, ruleset);
    if (!composition.is_null()) fact["composition"] = std::move(composition);
    return fact;
}

}  // namespace umpire::rules
