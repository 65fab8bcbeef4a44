#include "protocol/report_text.hpp"

#include "protocol/event_text.hpp"
#include "protocol/local_time.hpp"

namespace umpire::protocol {

namespace {

using rules::Json;

std::string text(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

class Writer {
public:
    explicit Writer(ReportFormat format) : markdown_(format == ReportFormat::markdown) {}

    void title(const std::string& line) {
        if (markdown_) {
            out_ += "# " + line + "\n";
        } else {
            out_ += line + "\n" + std::string(line.size(), '=') + "\n";
        }
    }
    void heading(const std::string& line) {
        out_ += markdown_ ? "\n## " + line + "\n\n"
                          : "\n" + line + "\n" + std::string(line.size(), '-') + "\n";
    }
    void para(const std::string& line) { out_ += line + "\n"; }
    // An item of a list, nested by `level` (0 the top).
    void item(const std::string& line, int level = 0) {
        out_ +=
            std::string(2 * level, ' ') + (markdown_ ? "- " : (level ? "  " : "* ")) + line + "\n";
    }
    // An event line as describe_event indents it: a heading for a half period's start, a
    // nested item otherwise.
    void event(const std::string& line) {
        if (line.empty()) return;
        if (line.rfind("== ", 0) == 0) {
            const std::string inner = line.substr(3, line.size() > 6 ? line.size() - 6 : 0);
            out_ += markdown_ ? "\n### " + inner + "\n\n" : "\n" + inner + "\n";
            return;
        }
        std::size_t spaces = line.find_first_not_of(' ');
        if (spaces == std::string::npos) return;
        item(line.substr(spaces), spaces >= 4 ? 1 : 0);
    }
    const std::string& done() const { return out_; }

private:
    bool markdown_;
    std::string out_;
};

int figures_of(const Json& force) {
    int total = 0;
    for (const auto& r : force.value("regiments", Json::array()))
        for (const auto& c : r.value("companies", Json::array())) total += c.value("figures", 0);
    return total;
}

std::string hex_text(const Json& hex) { return fields_text(hex); }

void forces(Writer& w, const Json& world) {
    const Json list = world.value("forces", Json::array());
    if (list.empty()) {
        w.para("None.");
        return;
    }
    for (const auto& f : list) {
        std::string line = f.value("name", "") + " (" + f.value("id", "") + ") at " +
                           hex_text(f.value("hex", Json())) + ": " +
                           std::to_string(f.value("regiments", Json::array()).size()) +
                           " regiment(s), " + std::to_string(figures_of(f)) + " figures";
        if (f.contains("order_state")) line += ", " + text(f["order_state"]);
        if (f.value("unformed", false)) line += ", unformed";
        w.item(line);
    }
}

void knowledge(Writer& w, const Json& world) {
    Json facts = world.value("knowledge", Json::array());
    if (facts.is_object()) {  // the GM's view: every player's facts
        Json all = Json::array();
        for (auto it = facts.begin(); it != facts.end(); ++it)
            for (const auto& f : *it) all.push_back(f);
        facts = std::move(all);
    }
    if (facts.empty()) {
        w.para("Nothing of the enemy.");
        return;
    }
    for (const auto& f : facts)
        w.item(text(f.value("about", Json(""))) + " (" + text(f.value("kind", Json(""))) +
               ", period " + text(f.value("period", Json(0))) +
               "): " + fields_text(f.value("value", Json::object())));
}

void decisions(Writer& w, const Json& view, const std::string& zone) {
    const Json list = view.value("decisions", Json::array());
    if (list.empty()) {
        w.para("None.");
        return;
    }
    for (const auto& r : list) {
        std::string options;
        for (const auto& o : r.value("options", Json::array()))
            options += (options.empty() ? "" : " | ") + fields_text(o);
        if (options.size() > 200) options = options.substr(0, 200) + " …";
        std::string line = r.value("id", "") + ": " + r.value("kind", "");
        if (r.contains("force")) line += " (" + text(r["force"]) + ")";
        line += "; options " + options + "; default " + fields_text(r.value("default", Json()));
        if (r.contains("deadline") && r["deadline"].is_string())
            line += "; answer by " + both_zones(r["deadline"].get<std::string>(), zone);
        w.item(line);
    }
}

}  // namespace

std::string turn_report(const Json& report, const Json& view, ReportFormat format) {
    Writer w(format);
    const std::string zone = view.value("time_zone", "UTC");
    const Json you = view.value("you", Json::object());
    const std::string who =
        you.value("role", "") == "player" ? you.value("player", "") : you.value("role", "");
    w.title(view.value("name", "") + ": period " + text(report.value("period_index", Json(0))) +
            " (day " + text(report.value("day", Json(0))) + ", " +
            text(report.value("period", Json(""))) + "), the report for " + who);
    if (report.contains("committed_at"))
        w.para("Resolved " + both_zones(text(report["committed_at"]), zone) + ".");
    if (report.contains("missed_orders") && !report["missed_orders"].empty())
        w.para("No orders came from " + fields_text(report["missed_orders"]) +
               ": their forces held, and their decisions took standing instructions or the "
               "defaults.");

    w.heading("What happened");
    for (const auto& e : report.value("events", Json::array())) w.event(describe_event(e));

    const Json world = view.value("world", Json::object());
    w.heading("What your commanders know now");
    knowledge(w, world);
    w.heading("Your forces");
    forces(w, world);
    w.heading("Decisions waiting for you");
    decisions(w, view, zone);

    const Json period = view.value("period", Json::object());
    w.heading("Next");
    if (view.value("status", "") == "finished") {
        w.para("The campaign has ended.");
    } else {
        const Json deadline = period.value("deadline", Json());
        w.para("Period " + text(period.value("index", Json(0))) + " (day " +
               text(period.value("day", Json(0))) + ", " + text(period.value("period", Json(""))) +
               ") is open. Deadline: " +
               (deadline.is_string() ? both_zones(deadline.get<std::string>(), zone)
                                     : std::string("none (the GM resolves)")) +
               ".");
    }
    w.para("Dice: seed hash " + text(report.value("seed_hash", Json(""))) +
           (report.contains("dice_seeds")
                ? ", " + std::to_string(report["dice_seeds"].size()) +
                      " derived seed(s) of your rolls (umpire client report --format json)"
                : std::string()));
    return w.done();
}

}  // namespace umpire::protocol
