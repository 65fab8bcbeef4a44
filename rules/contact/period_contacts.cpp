// What the contact procedures of one period share (contact_procedure.hpp): the start state's
// version for battle records, and the recent contacts asks about.
#include <algorithm>
#include <cassert>

#include "rules/contact/contact_procedure.hpp"

namespace umpire::rules {

const std::string& PeriodContacts::state_version() {
    if (!version_of_) return version_;  // given, or none to bind to
    if (version_.empty()) version_ = version_of_(*start, version_key_);
#ifndef NDEBUG
    // A wrong version given would bind battles to another state: Debug builds check it once.
    if (!version_checked_) assert(version_ == version_of_(*start, version_key_));
    version_checked_ = true;
#endif
    return version_;
}

void PeriodContacts::index_history(const CampaignState& state, int period) {
    if (recent_pairs_ && recent_since_ == period - 1) return;
    recent_pairs_.emplace();
    recent_since_ = period - 1;
    for (const ContactRecord& h : state.contact_history)
        if (h.period >= recent_since_) recent_pairs_->insert(std::minmax(h.a, h.b));
}

bool PeriodContacts::met_recently(const CampaignState& state, const std::string& a,
                                  const std::string& b, int period) {
    index_history(state, period);
    return recent_pairs_->count(std::minmax(a, b)) != 0;
}

void PeriodContacts::record_contact(CampaignState& state, const std::string& a,
                                    const std::string& b, int period) {
    index_history(state, period);
    state.contact_history.push_back({a, b, period});
    recent_pairs_->insert(std::minmax(a, b));
}

}  // namespace umpire::rules
