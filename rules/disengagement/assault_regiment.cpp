#include "rules/disengagement/assault_regiment.hpp"

#include <array>

namespace umpire::rules {

const Regiment* assault_regiment(const Force& force) {
    return force.regiments.empty() ? nullptr : &force.regiments.front();
}

TroopClass main_troop_class(const Regiment& regiment, const Ruleset& ruleset) {
    // Listed in tie-break order: infantry wins a tie, then the order of.
    constexpr std::array<TroopClass, 4> kOrder{TroopClass::infantry, TroopClass::cavalry,
                                               TroopClass::creature, TroopClass::courier};
    std::array<long long, 4> figures{};
    for (const auto& company : regiment.companies)
        if (const TroopType* type = ruleset.find_troop_type(company.type))
            for (std::size_t i = 0; i < kOrder.size(); ++i)
                if (kOrder[i] == type->troop_class) figures[i] += company.figures;
    std::size_t best = 0;
    for (std::size_t i = 1; i < kOrder.size(); ++i)
        if (figures[i] > figures[best]) best = i;
    return kOrder[best];
}

}  // namespace umpire::rules
