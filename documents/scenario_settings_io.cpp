// The scenario's optional "settings" member: choices the rules leave to the campaign.
#include "documents/scenario_io_detail.hpp"

namespace umpire::rules::scenario_detail {

namespace {
using Engagements = CampaignSettings::Engagements;
constexpr std::pair<Engagements, const char*> kEngagements[] = {
    {Engagements::choose, "choose"},
    {Engagements::one_battle, "one_battle"},
    {Engagements::separate, "separate"}};
}  // namespace

void read_settings(const ObjectReader& top, Problems& problems, CampaignSettings& settings) {
    const Json* value = top.object("settings", false);
    if (!value) return;
    ObjectReader reader(*value, top.path_of("settings"), problems);
    reader.reject_unknown({"engagements"});
    if (auto e = reader.choice("engagements", {"choose", "one_battle", "separate"}, false))
        for (const auto& [kind, name] : kEngagements)
            if (*e == name) settings.engagements = kind;
}

void write_settings(const CampaignSettings& settings, OrderedJson& out) {
    if (settings.engagements == Engagements::choose) return;
    for (const auto& [kind, name] : kEngagements)
        if (kind == settings.engagements) out["settings"] = {{"engagements", name}};
}

}  // namespace umpire::rules::scenario_detail
