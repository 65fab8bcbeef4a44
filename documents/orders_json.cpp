#include "documents/orders_json.hpp"

#include "documents/standing_instructions_json.hpp"

namespace umpire::rules {

namespace {

std::optional<ForceOrder> read_force_order(const Json& value, const std::string& path,
                                           Problems& problems) {
    ObjectReader in(value, path, problems);
    if (!in.is_object()) return std::nullopt;
    in.reject_unknown({"player", "force", "hold", "path", "forced_march", "regiments",
                       "standing_instructions", "scout"});
    ForceOrder order;
    const std::size_t before = problems.size();
    order.player = in.string("player").value_or("");
    order.force = in.string("force").value_or("");
    order.hold = in.boolean("hold", false).value_or(false);
    order.forced_march = in.boolean("forced_march", false).value_or(false);
    if (const Json* steps = in.array("path", false)) {
        if (steps->size() > kMaxPathLength)
            problems.add(in.path_of("path"),
                         "longer than " + std::to_string(kMaxPathLength) + " hexes");
        for (std::size_t i = 0; i < steps->size() && i < kMaxPathLength; ++i)
            if (auto h = read_hex((*steps)[i], item_path(in.path_of("path"), i), problems))
                order.path.push_back(*h);
    }
    if (const Json* ids = in.array("regiments", false)) {
        for (std::size_t i = 0; i < ids->size(); ++i)
            if (auto id = read_string((*ids)[i], item_path(in.path_of("regiments"), i), problems))
                order.regiments.push_back(*id);
    }
    if (const Json* standing = in.member("standing_instructions", false))
        order.standing_instructions =
            read_standing_instructions(*standing, in.path_of("standing_instructions"), problems);
    order.scout = in.hex("scout", false);
    if (problems.size() != before) return std::nullopt;
    return order;
}

}  // namespace

std::optional<std::vector<PeriodOrders>> read_orders(const Json& document, Problems& problems) {
    ObjectReader root(document, "$", problems);
    root.reject_unknown({"format", "periods"});
    if (auto format = root.string("format", false); format && *format != "umpire-orders/1")
        problems.add("$.format", "unsupported format \"" + *format + "\"");
    std::vector<PeriodOrders> result;
    const std::size_t before = problems.size();
    if (const Json* periods = root.array("periods")) {
        for (std::size_t i = 0; i < periods->size(); ++i) {
            ObjectReader p((*periods)[i], item_path("$.periods", i), problems);
            if (!p.is_object()) continue;
            p.reject_unknown({"day", "period", "orders"});
            PeriodOrders entry;
            entry.day = static_cast<int>(p.integer("day", 1, 1000000).value_or(1));
            if (auto kind = p.choice("period", {"day", "night"}))
                entry.period = *period_kind_from_string(*kind);
            if (const Json* orders = p.array("orders")) {
                for (std::size_t k = 0; k < orders->size(); ++k)
                    if (auto o = read_force_order((*orders)[k], item_path(p.path_of("orders"), k),
                                                  problems))
                        entry.orders.push_back(std::move(*o));
            }
            result.push_back(std::move(entry));
        }
    }
    if (problems.size() != before) return std::nullopt;
    return result;
}

Json write_order(const ForceOrder& order) {
    Json out{{"player", order.player}, {"force", order.force}};
    if (order.hold) out["hold"] = true;
    if (!order.path.empty()) {
        out["path"] = Json::array();
        for (Hex h : order.path) out["path"].push_back(hex_json(h));
    }
    if (order.forced_march) out["forced_march"] = true;
    if (!order.regiments.empty()) out["regiments"] = order.regiments;
    if (order.standing_instructions)
        out["standing_instructions"] = standing_instructions_json(*order.standing_instructions);
    if (order.scout) out["scout"] = hex_json(*order.scout);
    return out;
}

}  // namespace umpire::rules
