#pragma once
// The server's own folders, kept out of what clients are told (docs/security.md): an error
// from storage or a scenario file names files by their full path, which tells an outsider where
// the database and the scenarios live. Every error message leaves the hub through scrub().
#include <string>
#include <utility>
#include <vector>

#include "server/config.hpp"

namespace umpire::server {

class ServerPaths {
public:
    explicit ServerPaths(const ServerConfig& config);
    // `text` with every configured folder (as given and absolute) and the working directory
    // taken off the file names in it ("/srv/umpire/scenarios/x.json" becomes "x.json"), and a
    // folder named alone shortened to its last part ("/srv/umpire/scenarios": "scenarios").
    std::string scrub(std::string text) const;

private:
    std::vector<std::pair<std::string, std::string>> replacements_;  // longest first
};

}  // namespace umpire::server
