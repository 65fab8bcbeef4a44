// The GM's edits of forces and the world between periods (issue 30).
#include "storage/campaign_service.hpp"
#include "storage/world_edit.hpp"

namespace umpire::storage {

WorldEdited Campaign::edit_world(const rules::Json& edits, const std::string& reason,
                                 const std::string& by) {
    if (reason.empty())
        throw StorageError(ErrorKind::invalid_input, "an edit of the world needs a reason");
    EditedWorld edited = apply_world_edit(state_text_, edits, ruleset_);
    rules::Json owners = rules::Json::object();
    for (const auto& [force, players] : edited.forces) owners[force] = players;
    rules::Json details{{"period_index", open_.index},
                        {"edits", edits},
                        {"forces", owners},
                        {"map_or_sides", edited.map_or_sides}};
    if (!by.empty()) details["by"] = by;
    const GmActionRecord action{record_.id, 0, "world_edit", reason, details.dump(), clock_()};
    const WorldEditRecord row{record_.id, 0, open_.index, edits.dump(), edited.text, std::nullopt};
    const int no = store_->add_world_edit(action, row);
    state_ = std::move(edited.state);
    state_text_ = std::move(edited.text);
    return {no, std::move(edited.forces), edited.map_or_sides};
}

}  // namespace umpire::storage
