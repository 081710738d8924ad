#include "simulation/distributed/mpi_transport.h"

#include <mpi.h>

#include <chrono>
#include <cstdlib>
#include <thread>

namespace wb::sim::mpi {
namespace {

constexpr int kTagToRoot = 1;
constexpr int kTagFromRoot = 2;

std::string errorText(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS) return "MPI error " + std::to_string(code);
  return std::string(text, static_cast<std::size_t>(length));
}

// Sleeps between probes: Open MPI's blocking receive spins a core at 100%,
// which on a machine with as many ranks as cores takes it from the games.
bool probe(int source, int tag, MPI_Status& status, bool wait, bool& got, std::string& error) {
  auto pause = std::chrono::microseconds(50);
  while (true) {
    int flag = 0;
    const int rc = MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status);
    if (rc != MPI_SUCCESS) {
      error = errorText(rc);
      return false;
    }
    got = flag != 0;
    if (got || !wait) return true;
    std::this_thread::sleep_for(pause);
    pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(2));
  }
}

bool receive(const MPI_Status& status, int tag, std::string& message, std::string& error) {
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  message.assign(static_cast<std::size_t>(count), '\0');
  const int rc = MPI_Recv(message.data(), count, MPI_BYTE, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (rc != MPI_SUCCESS) {
    error = errorText(rc);
    return false;
  }
  return true;
}

class MpiTransport : public Transport {
 public:
  int rank() const override { return mpi::rank(); }
  int size() const override { return mpi::size(); }

  bool receiveAny(int& from, std::string& message, bool& got, std::string& error) override {
    MPI_Status status;
    if (!probe(MPI_ANY_SOURCE, kTagToRoot, status, false, got, error)) return false;
    if (!got) return true;
    from = status.MPI_SOURCE;
    return receive(status, kTagToRoot, message, error);
  }

  bool send(int to, const std::string& message, std::string& error) override {
    if (message.size() > static_cast<std::size_t>(INT32_MAX)) {
      error = "a message of " + std::to_string(message.size()) + " bytes is too large";
      return false;
    }
    const int rc = MPI_Send(message.data(), static_cast<int>(message.size()), MPI_BYTE, to,
                            to == 0 ? kTagToRoot : kTagFromRoot, MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS) {
      error = errorText(rc);
      return false;
    }
    return true;
  }

  bool receiveFromRoot(std::string& message, std::string& error) override {
    MPI_Status status;
    bool got = false;
    if (!probe(0, kTagFromRoot, status, true, got, error)) return false;
    return receive(status, kTagFromRoot, message, error);
  }
};

int g_rank = 0, g_size = 1;

}  // namespace

bool start() {
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) return false;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  return true;
}

int rank() { return g_rank; }
int size() { return g_size; }

std::unique_ptr<Transport> makeTransport() { return std::make_unique<MpiTransport>(); }

void finish() { MPI_Finalize(); }

void abortAll(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

}  // namespace wb::sim::mpi
