// what a contact score tells a commander of an opponent's assault regiment. The
// fact built here is exactly what the table row gives: nothing a lower row withholds may leak.
#include <set>
#include <stdexcept>

#include "rules/assault_regiment.hpp"
#include "rules/audience.hpp"
#include "rules/rounding.hpp"
#include "rules/contact_dice.hpp"

namespace umpire::rules {

namespace {

// The composition a row gives, written into the fact; nothing for CompositionKnowledge::none.
void write_composition(TextOut& out, CompositionKnowledge level, const Regiment& r,
                       const Ruleset& ruleset) {
    switch (level) {
        case CompositionKnowledge::none: return;
        case CompositionKnowledge::troop_class:
            // Basic class only: no types, no counts.
            write_object(out, Fields{{"class", to_string(main_troop_class(r, ruleset))}});
            return;
        case CompositionKnowledge::troop_types: {
            std::set<std::string> types;
            for (const auto& c : r.companies) types.insert(c.type);
            const std::vector<std::string> sorted(types.begin(), types.end());
            write_object(out, Fields{{"types", sorted}});
            return;
        }
        case CompositionKnowledge::organization: {
            // Types, proportions and companies, but no figures and no names.
            const long long total = r.figures();
            auto companies = [&](TextOut& o) {
                write_list(o, r.companies, [&](TextOut& item, const Company& c) {
                    write_object(item, Fields{{"type", c.type},
                                              {"share_percent",
                                               total > 0 ? divide_half_up(100LL * c.figures, total)
                                                         : 0}});
                });
            };
            write_object(out, Fields{{"companies", FieldValue::written(companies)}});
            return;
        }
        case CompositionKnowledge::exact: {
            auto companies = [&](TextOut& o) {
                write_list(o, r.companies, [](TextOut& item, const Company& c) {
                    write_object(item, Fields{{"type", c.type},
                                              {"figures", c.figures},
                                              {"name", c.name.empty() ? FieldValue::none()
                                                                      : FieldValue(c.name)}});
                });
            };
            write_object(out, Fields{{"companies", FieldValue::written(companies)}});
            return;
        }
    }
}

}  // namespace

int apply_size_error(int figures, int error_percent) {
    // figures x (1 + percent/100), rounded half up; the bands never go below -100%.
    const long long scaled = static_cast<long long>(figures) * (100 + error_percent);
    if (scaled < 0) throw std::invalid_argument("size error below -100%");
    return static_cast<int>(divide_half_up(scaled, 100));
}

IntelligenceFact contact_intelligence(const Ruleset& ruleset, int table_score,
                                      const Force& opponent, DiceSource& dice, EventLog& log,
                                      const std::string& receiver_force) {
    const ContactTableRow& row = ruleset.contact.row(table_score);
    static const Regiment kNone;
    const Regiment* regiment = assault_regiment(opponent);
    const int figures = regiment ? regiment->figures() : 0;

    IntelligenceFact fact;
    int accuracy_percent = 0;
    switch (row.size) {
        case SizeKnowledge::none: break;
        case SizeKnowledge::exact: fact.size = figures; break;
        case SizeKnowledge::estimate: {
            // 2d6 on the band's column. The rolls are the GM's alone: the
            // roll and the estimate together give the exact figure.
            auto roll_once = [&] {
                return log.roll(dice, 6, "size estimate",
                                Fields{{"force", receiver_force}, {"opponent", opponent.id}},
                                gm_audience());
            };
            const int first = roll_once();
            const int roll = first + roll_once();
            const int error = ruleset.contact.size_estimation.error(row.accuracy_percent, roll);
            // Only the estimate and the band: the receiver knows its score, not the error.
            fact.size = apply_size_error(figures, error);
            accuracy_percent = row.accuracy_percent;
            break;
        }
    }
    auto size = [&](TextOut& out) {
        if (row.size == SizeKnowledge::exact)
            write_object(out, Fields{{"exact", *fact.size}});
        else
            write_object(out, Fields{{"estimate", *fact.size},
                                     {"accuracy_percent", accuracy_percent}});
    };
    auto composition = [&](TextOut& out) {
        write_composition(out, row.composition, regiment ? *regiment : kNone, ruleset);
    };
    fact.text = object_text(Fields{
        {"force", opponent.id},
        {"aware", row.aware},
        {"score", row.score},
        {"size", fact.size ? FieldValue::written(size) : FieldValue::none()},
        {"composition", row.composition == CompositionKnowledge::none
                            ? FieldValue::none()
                            : FieldValue::written(composition)}});
    return fact;
}

}  // namespace umpire::rules
