#include "server/demo.hpp"

#include <sys/stat.h>

#include <fstream>

#include "documents/json_file.hpp"
#include "documents/scenario_io.hpp"
#include "server/credentials.hpp"

namespace umpire::server {

namespace {

std::vector<DemoLogin> read_logins(const std::string& file) {
    std::vector<DemoLogin> out;
    std::ifstream in(file);
    if (!in) return out;
    const Json doc = Json::parse(in, nullptr, false);
    if (!doc.is_array()) return out;
    for (const auto& l : doc)
        out.push_back({l.value("account", ""), l.value("password", ""), l.value("role", ""),
                       l.value("player", "")});
    return out;
}

void write_logins(const std::string& file, const std::vector<DemoLogin>& logins) {
    Json doc = Json::array();
    for (const auto& l : logins)
        doc.push_back({{"account", l.account}, {"password", l.password}, {"role", l.role},
                       {"player", l.player}});
    {
        std::ofstream out(file, std::ios::trunc);
        out << doc.dump(2) << "\n";
    }
    ::chmod(file.c_str(), 0600);
}

}  // namespace

std::vector<DemoLogin> ensure_demo(Hub& hub, const std::string& scenario_file,
                                   const std::string& logins_file) {
    rules::Problems problems;
    auto doc = rules::read_json_file(scenario_file, problems);
    if (!doc) throw std::runtime_error(scenario_file + ": " + problems.to_text());
    const std::string campaign_id = doc->value("id", "valormr-demo");

    auto logins = read_logins(logins_file);
    auto& store = *hub.services().server;
    if (logins.empty() || !store.account_by_name(logins.front().account)) {
        logins.clear();
        logins.push_back({"gm", new_code(), "gm", ""});
        for (const auto& p : (*doc)["players"])
            logins.push_back({p.value("id", ""), new_code(), "player", p.value("id", "")});
        for (const auto& l : logins)
            if (!store.account_by_name(l.account)) hub.create_account(l.account, l.password);
        write_logins(logins_file, logins);
    }
    if (!hub.find_room(campaign_id)) {
        const auto gm = store.account_by_name("gm");
        hub.create_campaign(scenario_file, campaign_id, gm->id);
        for (const auto& l : logins)
            if (l.role == "player")
                store.put_membership({store.account_by_name(l.account)->id, campaign_id, "player",
                                      l.player});
    }
    return logins;
}

}  // namespace umpire::server
