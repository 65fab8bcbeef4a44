// inside the contact procedure: the supporter of a displaced force may reinforce it.
#include "rules/contact/contact_procedure_detail.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

bool ContactProcedure::reinforced(const std::string& id, const std::string& operation,
                                  Hex displacement) {
    const auto it = supporters_.find(id);
    if (it == supporters_.end()) return false;
    const std::string supporter = it->second;
    const Force& s = force(supporter);
    const Force& f = force(id);
    if (!on_map(s) || !adjacent(s.hex, f.hex)) return false;
    // ▶ Asked of the supporter's player once the losses are known; the losses stand either way.
    const shape::ReinforceContext context{.contact = id_,
                                          .reinforces = id,
                                          .hex = s.hex,
                                          .displaced_from = f.hex,
                                          .displaced_to = displacement};
    const bool yes = r_.decider_.ask({decision_id(operation + "-" + id + "-reinforce", supporter),
                                      s.player, supporter, "reinforce", "",
                                      yes_or_no(), false, context})
                         .yes();
    if (yes) {
        std::vector<std::string> seen_by = all_;
        seen_by.push_back(supporter);
        event::Reinforced{.contact = id_, .force = supporter, .hex = f.hex, .reinforces = id}.write(
            r_.log_, audience(seen_by));
    }
    return yes;
}

}  // namespace umpire::rules
