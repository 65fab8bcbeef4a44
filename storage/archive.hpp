#pragma once
// One campaign as one JSON document, "umpire-archive/1" (docs/storage.md, "Archives"): the
// campaign, its pinned ruleset and scenario, every period with its snapshots, orders, events and
// seeds, the open period, orders, receipts, decisions, GM actions and the battle companion's
// actions. Export then import then export gives the same bytes.
#include <string>

#include "rules/json_reader.hpp"
#include "storage/campaign_store.hpp"

namespace umpire::storage {

inline constexpr const char* kArchiveFormat = "umpire-archive/1";

rules::Json archive_to_json(const CampaignArchive& archive);
// The archive as a file's text: two-space indent, final newline.
std::string archive_text(const CampaignArchive& archive);

// Reads the structure of an archive, every problem under its JSON path. No consistency checks.
std::optional<CampaignArchive> archive_from_json(const rules::Json& document,
                                                 rules::Problems& problems);

// Reads, checks (structure, seeds against hashes, the chain of periods, receipts, and a replay
// of every period) and writes the archive in one transaction. Any problem is an
// ErrorKind::invalid_input error listing them all, and nothing is written. Returns the id.
std::string import_campaign(CampaignStore& store, const rules::Json& document);

}  // namespace umpire::storage
