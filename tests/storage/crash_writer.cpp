// Test-only: plays a campaign as fast as it can, committing every order set and every period,
// and says on stdout what it has committed ("receipt HASH", "committed INDEX") right after each
// commit returns. The crash test SIGKILLs it at random points and checks that nothing it
// reported is lost.
//   crash_writer DB SCENARIO MAX_PERIODS
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "storage/campaign_service.hpp"
#include "storage/sqlite_store.hpp"

namespace {

void say(const std::string& line) {
    const std::string text = line + "\n";
    // One write per line: unbuffered, so the test reads all that was said before the kill.
    if (::write(STDOUT_FILENO, text.data(), text.size()) < 0) std::exit(3);
}

}  // namespace

int main(int argc, char** argv) {
    using namespace umpire::storage;
    if (argc != 4) {
        std::cerr << "usage: crash_writer DB SCENARIO MAX_PERIODS\n";
        return 2;
    }
    try {
        SqliteCampaignStore store(argv[1]);
        auto campaign = store.find_campaign("crash")
                            ? Campaign::open(store, "crash")
                            : Campaign::create_from_file(store, argv[2], {}, {.id = "crash"});
        const int max_periods = std::stoi(argv[3]);
        while (campaign.period_index() < max_periods) {
            // Every player holds with an empty order set, so each period has order commits too.
            for (const auto& player : campaign.state().players)
                say("receipt " + campaign.submit_orders(player.id, {}).hash);
            say("committed " + std::to_string(campaign.resolve_period(true).index));
        }
    } catch (const std::exception& e) {
        std::cerr << "crash_writer: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
