// Orders of a campaign's open period: checked, committed as they arrive, and acknowledged with
// a receipt only once on disk.
#include <set>

#include "documents/order_plan_json.hpp"
#include "documents/orders_json.hpp"
#include "storage/campaign_service.hpp"
#include "storage/receipt.hpp"
#include "umpire/rules/order_plan.hpp"
#include "umpire/rules/orders.hpp"

namespace umpire::storage {

namespace {

[[noreturn]] void invalid(const std::string& message) {
    throw StorageError(ErrorKind::invalid_input, message);
}

}  // namespace

void Campaign::check_player(const std::string& player) const {
    if (!state_.find_player(player))
        invalid("campaign \"" + record_.id + "\" has no player \"" + player + "\"");
}

rules::Json Campaign::checked_orders(const std::string& player,
                                     const std::vector<rules::ForceOrder>& orders) const {
    check_player(player);
    std::set<std::string> ordered;
    rules::Json list = rules::Json::array();
    for (std::size_t i = 0; i < orders.size(); ++i) {
        const auto& order = orders[i];
        const std::string where = "order " + std::to_string(i + 1) + ": ";
        if (order.player != player)
            invalid(where + "given by \"" + order.player + "\", not by \"" + player + "\"");
        // One message for unknown and foreign forces: a player must not learn which exist.
        const rules::Force* force = state_.find_force(order.force);
        if (!force || force->player != player)
            invalid(where + "\"" + order.force + "\" is not one of " + player + "'s forces");
        if (!ordered.insert(order.force).second)
            invalid(where + "a second order for \"" + order.force + "\"");
        // Refused now rather than in the report after the deadline, when the turn is lost.
        if (auto why = rules::order_problem(state_, ruleset_, order, *force); !why.empty())
            invalid(where + why);
        list.push_back(rules::write_order(order));
    }
    return list;
}

rules::Json Campaign::plan_of(const std::vector<rules::ForceOrder>& orders) const {
    rules::Json plans = rules::Json::array();
    for (const auto& order : orders)
        if (!order.path.empty())
            plans.push_back(rules::to_json(rules::plan_order(
                state_, ruleset_, order, *state_.find_force(order.force), state_.calendar.period)));
    return plans;
}

rules::Json Campaign::preview_orders(const std::string& player,
                                     const std::vector<rules::ForceOrder>& orders) const {
    checked_orders(player, orders);
    return plan_of(orders);
}

Receipt Campaign::submit_orders(const std::string& player,
                                const std::vector<rules::ForceOrder>& orders,
                                SubmissionState state) {
    const rules::Json list = checked_orders(player, orders);
    OrderRecord record;
    record.campaign_id = record_.id;
    record.period_index = open_.index;
    record.player = player;
    record.orders = list.dump();
    record.state = to_string(state);
    record.updated_at = clock_();
    record.receipt = receipt_of(record);
    store_->put_orders(record);
    return {record.receipt, record.updated_at, record.state,   record.period_index,
            player,         orders.size(),     plan_of(orders)};
}

Receipt Campaign::confirm_orders(const std::string& player) {
    check_player(player);
    OrderRecord record;
    record.orders = "[]";
    for (const auto& current : store_->orders(record_.id, open_.index))
        if (current.player == player) record = current;
    if (record.state == "confirmed")
        invalid("the orders of \"" + player + "\" for period " + std::to_string(open_.index) +
                " are already confirmed");
    record.campaign_id = record_.id;
    record.period_index = open_.index;
    record.player = player;
    record.state = "confirmed";
    record.updated_at = clock_();
    record.receipt = receipt_of(record);
    store_->put_orders(record);
    return {record.receipt,
            record.updated_at,
            record.state,
            record.period_index,
            player,
            rules::Json::parse(record.orders).size(),
            rules::Json::array()};
}

std::vector<OrderRecord> Campaign::current_orders() const {
    return store_->orders(record_.id, open_.index);
}

}  // namespace umpire::storage
