#include "documents/dice_script.hpp"

namespace umpire::rules {

std::optional<std::vector<ScriptedRoll>> read_scripted_rolls(const Json& document,
                                                             const std::string& path,
                                                             Problems& problems) {
    const Json* list = &document;
    std::string list_path = path;
    if (document.is_object()) {
        ObjectReader root(document, path, problems);
        root.reject_unknown({"rolls"});
        list = root.array("rolls");
        list_path = root.path_of("rolls");
        if (!list) return std::nullopt;
    } else if (!document.is_array()) {
        problems.add(path, "expected an array of rolls or {\"rolls\": [...]}");
        return std::nullopt;
    }
    const std::size_t before = problems.size();
    std::vector<ScriptedRoll> rolls;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& item = (*list)[i];
        const std::string at = item_path(list_path, i);
        ScriptedRoll roll;
        if (item.is_object()) {
            ObjectReader in(item, at, problems);
            in.reject_unknown({"value", "purpose"});
            roll.value = static_cast<int>(in.integer("value", 1, 66).value_or(0));
            roll.purpose = in.string("purpose", false).value_or("");
        } else {
            roll.value = static_cast<int>(read_integer(item, at, 1, 66, problems).value_or(0));
        }
        rolls.push_back(std::move(roll));
    }
    if (problems.size() != before) return std::nullopt;
    return rolls;
}

}  // namespace umpire::rules
