// A TCP relay in front of a service, to imitate it failing: "down" refuses connections, "timeout"
// passes requests on but drops the answers (the service acts, the caller never hears), "up" relays.
// Switching mode cuts the connections open at that moment.
import net from "node:net";

/** @param {{ host: string, port: number }} target */
export async function startTcpRelay(target, { port = 0, host = "127.0.0.1" } = {}) {
  let mode = "up";
  const sockets = new Set();
  const track = (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === "down") return client.destroy();
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    upstream.on("error", () => client.destroy());
    client.pipe(upstream);
    upstream.on("data", (chunk) => (mode === "timeout" ? client.destroy() : client.write(chunk)));
    upstream.on("end", () => client.end());
    client.on("close", () => upstream.destroy());
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const actual = server.address().port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    get mode() {
      return mode;
    },
    set(next) {
      mode = next;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
