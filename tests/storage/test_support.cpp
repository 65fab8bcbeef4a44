#include "test_support.hpp"

#include <unistd.h>

#include <fstream>
#include <random>
#include <sstream>

#include "documents/json_file.hpp"
#include "documents/orders_json.hpp"
#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/orders.hpp"

namespace umpire::storage::testing {

TempDir::TempDir() {
    std::random_device random;
    path_ = fs::temp_directory_path() /
            ("umpire-storage-" + std::to_string(::getpid()) + "-" + std::to_string(random()));
    fs::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

Clock counting_clock() {
    auto tick = std::make_shared<int>(0);
    return [tick] {
        const int t = (*tick)++;
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "2025-03-01T%02d:%02d:%02d.000Z", (t / 3600) % 24,
                      (t / 60) % 60, t % 60);
        return std::string(buffer);
    };
}

SeedSource counting_seeds() {
    auto n = std::make_shared<int>(0);
    return [n] { return seal_seed(sha256_hex("umpire test seed " + std::to_string((*n)++))); };
}

Campaign create_demo(CampaignStore& store, const std::string& id) {
    CreateOptions options;
    options.id = id;
    options.seeds = counting_seeds();
    return Campaign::create_from_file(store, kDemo, {}, options, counting_clock());
}

std::vector<rules::ForceOrder> demo_orders(const Campaign& campaign, const std::string& player) {
    rules::Problems problems;
    const auto document = rules::read_json_file(kDemoOrders, problems);
    const auto periods = rules::read_orders(*document, problems);
    std::vector<rules::ForceOrder> out;
    const auto& now = campaign.state().calendar;
    for (const auto& p : *periods)
        if (p.day == now.day && p.period == now.period)
            for (const auto& order : p.orders) {
                // A force lost in an earlier battle (the seeds are random) gets no orders, nor
                // one that cannot stand now (a move for a force in retreat): it would be refused.
                const rules::Force* force = campaign.state().find_force(order.force);
                if (order.player == player && force &&
                    rules::order_problem(campaign.state(), campaign.ruleset(), order, *force).empty())
                    out.push_back(order);
            }
    return out;
}

ResolvedPeriod play_period(Campaign& campaign) {
    for (const auto& player : campaign.state().players) {
        auto orders = demo_orders(campaign, player.id);
        if (!orders.empty()) campaign.submit_orders(player.id, orders);
    }
    return campaign.resolve_period(true);
}

ResolvedPeriod start_period(Campaign& campaign) {
    for (const auto& player : campaign.state().players) {
        auto orders = demo_orders(campaign, player.id);
        if (!orders.empty()) campaign.submit_orders(player.id, orders);
    }
    return campaign.resolve_period(false);
}

void answer_all(Campaign& campaign, const std::vector<DecisionRecord>& pending) {
    for (const auto& d : pending) {
        const auto request = rules::Json::parse(d.request);
        rules::Json answer = request["default"];
        for (const auto& option : request["options"])
            if (option != request["default"]) answer = option;
        campaign.answer_decision(d.player, d.decision_id, answer);
    }
}

std::string decisions_text(CampaignStore& store, const std::string& campaign) {
    std::string out;
    for (const auto& d : store.decisions(campaign))
        out += std::to_string(d.no) + " " + d.decision_id + " " + d.player + " " + d.state + " " +
               d.answer.value_or("-") + " " + d.answered_at.value_or("-") + " " +
               std::to_string(d.rolled_back_by.value_or(0)) + "\n";
    return out;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

}  // namespace umpire::storage::testing
