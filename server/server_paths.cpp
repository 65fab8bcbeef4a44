#include "server/server_paths.hpp"

#include <algorithm>
#include <filesystem>

namespace umpire::server {

namespace fs = std::filesystem;

ServerPaths::ServerPaths(const ServerConfig& config) {
    std::vector<std::string> folders{config.scenarios_dir, config.static_dir,
                                     fs::path(config.database).parent_path().string()};
    folders.insert(folders.end(), config.ruleset_dirs.begin(), config.ruleset_dirs.end());
    std::error_code ec;
    folders.push_back(fs::current_path(ec).string());
    for (const auto& folder : folders) {
        if (folder.empty()) continue;
        for (const auto& form : {fs::path(folder).lexically_normal().string(),
                                 fs::absolute(folder, ec).lexically_normal().string(),
                                 fs::weakly_canonical(folder, ec).string()}) {
            std::string prefix = form;
            while (prefix.size() > 1 && prefix.back() == '/') prefix.pop_back();
            if (prefix.empty() || prefix == "/" || prefix == ".") continue;
            replacements_.emplace_back(prefix + "/", "");
            replacements_.emplace_back(prefix, fs::path(prefix).filename().string());
        }
    }
    std::sort(replacements_.begin(), replacements_.end(),
              [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    replacements_.erase(std::unique(replacements_.begin(), replacements_.end()), replacements_.end());
}

std::string ServerPaths::scrub(std::string text) const {
    for (const auto& [from, to] : replacements_)
        for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
            text.replace(at, from.size(), to);
    return text;
}

}  // namespace umpire::server
