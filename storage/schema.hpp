#pragma once
// The SQL of each schema version's migration step. Steps are append-only: once released, a step
// never changes; a new need is a new step (docs/storage.md, "Schema").
namespace umpire::storage {

// Version 1: every table.
extern const char* const kSchemaV1;
// Version 2: the receipts log (every receipt ever issued, backfilled from orders) and an index
// of events by type.
extern const char* const kSchemaV2;

}  // namespace umpire::storage
