#include "storage/receipt.hpp"

#include "storage/seeds.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::storage {

std::string canonical_order_set(const std::string& campaign, int period_index,
                                const std::string& player, const std::string& state,
                                const std::string& orders_json) {
    return rules::Json{{"campaign", campaign},
                       {"period_index", period_index},
                       {"player", player},
                       {"state", state},
                       {"orders", rules::Json::parse(orders_json, nullptr, false)}}
        .dump();
}

std::string receipt_hash(const std::string& canonical_order_set, const std::string& server_time) {
    return sha256_hex(canonical_order_set + "\n" + server_time);
}

std::string receipt_of(const OrderRecord& o) {
    return receipt_hash(canonical_order_set(o.campaign_id, o.period_index, o.player, o.state,
                                            o.orders),
                        o.updated_at);
}

std::string receipt_of(const ReceiptRecord& r) {
    return receipt_hash(
        canonical_order_set(r.campaign_id, r.period_index, r.player, r.state, r.orders),
        r.issued_at);
}

}  // namespace umpire::storage
