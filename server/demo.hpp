#pragma once
// The demo campaign (scenarios/valormr-demo.json) with a GM account and one account per
// scenario player, for `scripts/run`. Passwords are drawn once and kept beside the database
// (<db>.demo-logins.json, readable by the owner only), so a restart prints the same logins.
#include <string>
#include <utility>
#include <vector>

#include "server/hub.hpp"

namespace umpire::server {

struct DemoLogin {
    std::string account;
    std::string password;
    std::string role;    // gm or player
    std::string player;  // the scenario player, for players
};

// Creates what is missing (accounts, the campaign, memberships) and returns the logins.
std::vector<DemoLogin> ensure_demo(Hub& hub, const std::string& scenario_file,
                                   const std::string& logins_file);

}  // namespace umpire::server
