#pragma once
// One campaign as one JSON document, "umpire-archive/1" (docs/storage.md, "Archives"): the
// campaign, its pinned ruleset and scenario, every period with its snapshots, orders, events and
// seeds, the open period, orders, receipts, decisions, GM actions and the battle companion's
// actions. Export then import then export gives the same bytes.
#include <string>
#include <vector>

#include "storage/campaign_store.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::storage {

inline constexpr const char* kArchiveFormat = "umpire-archive/1";

rules::Json archive_to_json(const CampaignArchive& archive);
// The archive as a file's text: two-space indent, final newline.
std::string archive_text(const CampaignArchive& archive);

// Reads the structure of an archive, every problem under its JSON path. No consistency checks.
std::optional<CampaignArchive> archive_from_json(const rules::Json& document,
                                                 rules::Problems& problems);

// Who runs an imported campaign. Its members are archived by account name: those this
// database has an account of keep their seats, the others are skipped (listed in `skipped`).
// `gm` names an account to be the campaign's GM besides. In a database with accounts (a
// server's), an import that would leave the campaign without a GM is refused: name one.
struct ImportOptions {
    std::string gm;
};
struct ImportResult {
    std::string id;
    std::vector<ArchivedMember> seated;
    std::vector<ArchivedMember> skipped;  // no account of that name here
};

// Reads, checks (structure, seeds against hashes, the chain of periods, receipts, and a replay
// of every period, its members and GM) and writes the archive in one transaction. Any problem
// is an ErrorKind::invalid_input error listing them all, and nothing is written.
ImportResult import_campaign(CampaignStore& store, const rules::Json& document,
                             const ImportOptions& options);
// The same with no GM named; returns the id.
std::string import_campaign(CampaignStore& store, const rules::Json& document);

}  // namespace umpire::storage
