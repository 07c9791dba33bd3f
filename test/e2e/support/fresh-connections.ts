// Imported for its effect: this test process's fetch, the MCP clients' included, opens a new connection
// for every request instead of reusing an idle one. A server closes an idle connection after 5 s (Node's
// keepAliveTimeout) and the client stops reusing it a second before; on a loaded machine the client's
// event loop can stall past that second and send a request just as the server closes the connection
// ("fetch failed: other side closed"). On loopback a new connection costs next to nothing.

import { Agent, setGlobalDispatcher } from "undici";

setGlobalDispatcher(new Agent({ pipelining: 0 }));
