#pragma once
// Shared by the commands on a campaign database (storage_commands.cpp, decision_commands.cpp):
// opening the database, turning storage errors into exit codes, and decision requests as lines.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "rules/json_reader.hpp"
#include "storage/error.hpp"
#include "storage/records.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::cli {

inline constexpr int kExitStorage = 4;   // the database refused the request or failed
inline constexpr int kExitMismatch = 5;  // verify found a period that does not reproduce

// Runs a command body, turning storage errors into a message and an exit code.
template <typename Body>
void guarded(Body body) {
    try {
        body();
    } catch (const storage::StorageError& e) {
        std::cerr << "umpire: " << e.what() << "\n";
        throw CLI::RuntimeError(e.kind() == storage::ErrorKind::invalid_input ? kExitInvalidInput
                                                                              : kExitStorage);
    }
}

// Existing databases only unless `create`: a mistyped path must not create an empty one.
inline std::unique_ptr<storage::SqliteCampaignStore> open_store(const std::string& path,
                                                                bool create) {
    storage::ConnectionOptions options;
    options.create = create;
    return std::make_unique<storage::SqliteCampaignStore>(path, options);
}

// {"type": "decision_request", "period_index": N, ...the engine's request}: one JSON line.
inline rules::Json decision_request_json(const storage::DecisionRecord& d) {
    rules::Json line = rules::Json::parse(d.request, nullptr, false);
    if (!line.is_object()) line = rules::Json::object();
    line["type"] = "decision_request";
    line["period_index"] = d.period_index;
    return line;
}

void add_decision_commands(CLI::App& campaign_group);  // decisions, answer

}  // namespace umpire::cli
