// The demo's first start is one commit (issue 53, item 8): its accounts, its campaign and every
// seat are made in one transaction, and the logins file is written whole (a temporary file,
// fsynced, renamed) before that transaction commits. A kill at any point leaves either nothing
// of the demo in the database (the next start makes it afresh, new passwords and all) or all of
// it with a logins file whose passwords are the ones stored. A database the demo is only partly
// in (left by a start before this was one commit) is repaired where that is safe (seats) and
// refused with what to do where it is not (an account whose password nobody knows).
#include "server/demo.hpp"

#include <fstream>
#include <map>

#include "documents/json_file.hpp"
#include "documents/scenario_io.hpp"
#include "server/credentials.hpp"
#include "storage/private_files.hpp"

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

// Whole or not at all, readable by the owner only (storage/private_files.hpp).
void write_logins(const std::string& file, const std::vector<DemoLogin>& logins) {
    Json doc = Json::array();
    for (const auto& l : logins)
        doc.push_back({{"account", l.account}, {"password", l.password}, {"role", l.role},
                       {"player", l.player}});
    storage::write_private_file(file, doc.dump(2) + "\n");
}

[[noreturn]] void refuse(const std::string& why) {
    throw std::runtime_error("the demo cannot start: " + why +
                             ". Start the demo on a new database (--db NEW --create-db), or set "
                             "its accounts' passwords with `umpire-server admin`.");
}

// The demo campaign exists: its logins file must name its accounts, and every login its seat
// (a seat missing, left by an older start killed part-way, is given back in one commit).
std::vector<DemoLogin> existing_demo(Hub& hub, const std::string& campaign_id,
                                     const std::string& logins_file) {
    auto& store = *hub.services().server;
    auto logins = read_logins(logins_file);
    if (logins.empty())
        refuse("campaign \"" + campaign_id + "\" exists but its logins file " + logins_file +
               " is missing or unreadable, so nobody knows its passwords");
    std::vector<storage::MembershipRecord> missing;
    for (const auto& l : logins) {
        const auto account = store.account_by_name(l.account);
        if (!account)
            refuse("the logins file " + logins_file + " names account \"" + l.account +
                   "\", which does not exist");
        const auto seat = store.membership(account->id, campaign_id);
        const std::optional<std::string> player =
            l.role == "player" ? std::optional(l.player) : std::nullopt;
        if (!seat) missing.push_back({account->id, campaign_id, l.role, player});
    }
    if (!missing.empty()) {
        storage::Transaction transaction(hub.services().campaigns->database());
        for (const auto& m : missing) store.put_membership(m);
        transaction.commit();
    }
    return logins;
}

}  // namespace

std::vector<DemoLogin> ensure_demo(Hub& hub, const std::string& scenario_file,
                                   const std::string& logins_file) {
    rules::Problems problems;
    auto doc = rules::read_json_file(scenario_file, problems);
    if (!doc) throw std::runtime_error(scenario_file + ": " + problems.to_text());
    const std::string campaign_id = doc->value("id", "valormr-demo");
    if (hub.find_room(campaign_id)) return existing_demo(hub, campaign_id, logins_file);

    // The first start: new passwords for the GM and every scenario player.
    std::vector<DemoLogin> logins{{"gm", new_code(), "gm", ""}};
    for (const auto& p : (*doc)["players"])
        logins.push_back({p.value("id", ""), new_code(), "player", p.value("id", "")});
    auto& store = *hub.services().server;
    const auto cost = password_cost(hub.services().config.password_cost);
    std::vector<std::string> hashes;  // before the transaction: argon2id takes its time
    for (const auto& l : logins) hashes.push_back(hash_password(l.password, cost));
    // Before the commit: a kill after this leaves a file naming accounts the database does not
    // have, and the next start draws new passwords; a kill after the commit leaves both whole.
    write_logins(logins_file, logins);

    storage::Transaction transaction(hub.services().campaigns->database());
    const std::string now = hub.services().now_iso();
    std::map<std::string, std::int64_t> ids;
    for (std::size_t i = 0; i < logins.size(); ++i) {
        const auto& l = logins[i];
        if (const auto account = store.account_by_name(l.account)) {
            // Left by an older start killed before its campaign was made: its password was never
            // printed (or printed and lost), so it takes the new one.
            store.set_password(account->id, hashes[i], "", now);
            ids[l.account] = account->id;
        } else {
            if (!storage::is_valid_id(l.account))
                throw std::runtime_error(scenario_file + ": player id \"" + l.account +
                                         "\" is not an account name");
            ids[l.account] = store.create_account(l.account, hashes[i], now);
        }
    }
    hub.create_campaign(scenario_file, campaign_id, ids.at("gm"), "UTC",
                        [&](const std::string& id) {
                            for (const auto& l : logins)
                                if (l.role == "player")
                                    store.put_membership({ids.at(l.account), id, "player", l.player});
                        });
    transaction.commit();
    return logins;
}

}  // namespace umpire::server
