#pragma once
// A GM command being handled (room_gm.cpp, room_seats.cpp): what was asked, and the reply's
// fields as they are learnt.
#include "server/room.hpp"

namespace umpire::server {

struct Room::GmCall {
    const protocol::GmCommand& m;
    Json& done;
    bool then_resolve = false;  // the command lets the period resolve: a commit of its own, after
};

}  // namespace umpire::server
