// Deleting a campaign (issue 30). Only an ended campaign is deleted, by its GM, who confirms with
// the campaign's id. Nothing committed is lost: the whole campaign, with the GM action that
// deletes it, is first written as an archive beside the database (deleted-campaigns/, mode
// 0600, synced), from which the operator brings it back with `umpire import`. Its rows then go
// in the command's commit; once that is kept, its connections are told and leave, and the hub
// retires the room (Hub::retire_deleted): a timer or a webhook answer still on its way finds it
// deleted and does nothing.
#include <filesystem>

#include "server/errors.hpp"
#include "server/local_files.hpp"
#include "server/room.hpp"
#include "server/room_gm_call.hpp"
#include "storage/archive.hpp"
#include "storage/error.hpp"
#include "storage/private_files.hpp"

namespace umpire::server {

using protocol::ErrorCode;

namespace {

// "2026-12-04T15:10:00.000Z" as "20261204T151000Z", for a file name.
std::string compact_time(const std::string& iso) {
    std::string out;
    for (char c : iso.substr(0, 19))
        if (c != '-' && c != ':') out += c;
    return out + "Z";
}

namespace fs = std::filesystem;

// A name in deleted-campaigns/ (made, 0700) that no archive has yet: a clock stepped back, or
// the same id deleted twice in a second, must not replace an earlier archive. Relative to
// `folder`, the database's.
std::string free_archive_name(const fs::path& folder, const std::string& id,
                              const std::string& now) {
    fs::create_directories(folder / "deleted-campaigns");
    fs::permissions(folder / "deleted-campaigns", fs::perms::owner_all, fs::perm_options::replace);
    const std::string stem = "deleted-campaigns/" + id + "-" + compact_time(now);
    std::string name = stem + ".json";
    for (int n = 2; fs::exists(folder / name); ++n) name = stem + "-" + std::to_string(n) + ".json";
    return name;
}

}  // namespace

void Room::gm_delete(GmCall& call) {
    const auto& m = call.m;
    if (!ended()) refuse(ErrorCode::conflict, "only an ended campaign is deleted: end it first");
    if (m.confirm != id())
        refuse(ErrorCode::invalid_argument,
               "to delete the campaign, confirm with its id: \"confirm\": \"" + id() + "\"");
    const fs::path folder = local_folder(services_->config.database);
    std::string file;
    try {
        file = free_archive_name(folder, id(), services_->now_iso());
    } catch (const fs::filesystem_error& e) {
        // A full disk or a folder that cannot be made: nothing is deleted without its archive.
        throw storage::StorageError(
            storage::ErrorKind::io,
            "cannot keep the campaign's archive, so it is not deleted: " + std::string(e.what()));
    }
    record_action("delete", m.reason, {{"archive", file}});
    const auto archive = services_->campaigns->read_archive(id());
    storage::write_private_file((folder / file).string(), storage::archive_text(archive));
    services_->campaigns->delete_campaign(id());
    call.done["archive"] = file;
    defer([this, reason = m.reason] { retire(reason); });
}

}  // namespace umpire::server
