#pragma once
// Order receipts: the SHA-256 of the canonical order set followed by a newline and the server
// time it was received at. Anyone holding the stored orders can recompute a receipt.
#include <string>

#include "storage/records.hpp"

namespace umpire::storage {

// {"campaign", "orders", "period_index", "player", "state"} as compact JSON with sorted keys.
std::string canonical_order_set(const std::string& campaign, int period_index,
                                const std::string& player, const std::string& state,
                                const std::string& orders_json);
std::string receipt_hash(const std::string& canonical_order_set, const std::string& server_time);
// The receipt the record should carry.
std::string receipt_of(const OrderRecord& orders);
std::string receipt_of(const ReceiptRecord& receipt);

}  // namespace umpire::storage
