// Transport: how the ranks of a distributed run talk (MPI in mpi_transport.cpp,
// built with WB_WITH_MPI). Rank 0 hands out work and gathers results; every
// other rank asks rank 0 for work and waits for the answer. Waits sleep between
// polls instead of spinning, so a waiting rank leaves its core to the ranks that
// play (Open MPI's blocking calls busy-poll, which halves a 2-core machine).
#pragma once

#include <string>

namespace wb::sim {

class Transport {
 public:
  virtual ~Transport() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Rank 0: takes one waiting message from any other rank without blocking;
  // `got` false when none is waiting. False (with error) when the transport failed.
  virtual bool receiveAny(int& from, std::string& message, bool& got, std::string& error) = 0;
  virtual bool send(int to, const std::string& message, std::string& error) = 0;
  // Ranks > 0: waits for the next message from rank 0.
  virtual bool receiveFromRoot(std::string& message, std::string& error) = 0;
};

}  // namespace wb::sim
