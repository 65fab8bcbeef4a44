#include "protocol/dice_proofs.hpp"

#include "umpire/rules/stream_dice.hpp"

namespace umpire::protocol {

Json dice_seeds_of(const Json& projected_events, const std::string& dice_key) {
    Json out = Json::object();
    for (const auto& e : projected_events) {
        if (!e.is_object() || e.value("type", "") != "dice_roll") continue;
        const auto stream = e.find("stream");
        if (stream == e.end() || !stream->is_string()) continue;
        const auto& name = stream->get_ref<const std::string&>();
        out[name] = rules::derived_seed_hex(dice_key, name);
    }
    return out;
}

bool shown_period_seed(const Viewer& viewer, int scheme) { return viewer.is_gm() || scheme < 2; }

}  // namespace umpire::protocol
