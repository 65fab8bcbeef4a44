// `umpire campaign decisions` and `umpire campaign answer`: the requests a period waiting for
// answers has asked, and a player's answer to one (docs/decisions.md, docs/storage.md).
#include "cli/storage_cli.hpp"
#include "storage/campaign_service.hpp"

namespace umpire::cli {

namespace {

using rules::Json;
using storage::Campaign;

// JSON, or else a bare word as a string: `--answer separate` and `--answer '"separate"'` agree.
Json answer_value(const std::string& text) {
    Json value = Json::parse(text, nullptr, false);
    if (value.is_discarded()) return Json(text);
    return value;
}

}  // namespace

void add_decision_commands(CLI::App& group) {
    struct List {
        std::string db, campaign, player;
    };
    auto list = std::make_shared<List>();
    CLI::App* cmd = group.add_subcommand(
        "decisions", "List the decision requests the current period waits for");
    cmd->add_option("DB", list->db, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", list->campaign, "campaign id")->required();
    cmd->add_option("--player", list->player, "only this player's requests");
    cmd->callback([list] {
        guarded([&] {
            auto store = open_store(list->db, Access::read);
            auto campaign = Campaign::open(*store, list->campaign);
            if (!list->player.empty() && !campaign.state().find_player(list->player))
                throw storage::StorageError(storage::ErrorKind::invalid_input,
                                            "campaign \"" + campaign.id() +
                                                "\" has no player \"" + list->player + "\"");
            for (const auto& d : campaign.pending_decisions(list->player))
                std::cout << decision_request_json(d).dump() << "\n";
        });
    });

    struct Answer {
        std::string db, campaign, player, decision, answer;
    };
    auto answer = std::make_shared<Answer>();
    cmd = group.add_subcommand("answer", "Answer a decision request of the current period");
    cmd->add_option("DB", answer->db, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", answer->campaign, "campaign id")->required();
    cmd->add_option("--player", answer->player, "the player answering")->required();
    cmd->add_option("--decision", answer->decision, "the request's id")->required();
    cmd->add_option("--answer", answer->answer, "the answer: JSON, or a bare word")->required();
    cmd->callback([answer] {
        guarded([&] {
            auto store = open_store(answer->db, Access::write);
            auto campaign = Campaign::open(*store, answer->campaign);
            const Json value = answer_value(answer->answer);
            campaign.answer_decision(answer->player, answer->decision, value);
            // Only what the player gave: whether others have answered is not the player's to know.
            std::cout << Json{{"type", "decision_answered"},
                              {"campaign", campaign.id()},
                              {"period_index", campaign.period_index()},
                              {"player", answer->player},
                              {"id", answer->decision},
                              {"answer", value}}
                             .dump()
                      << "\n";
        });
    });
}

}  // namespace umpire::cli
