// Preloaded into a child process (node --import) to keep a server that listens on all interfaces
// on 127.0.0.1 only: the Portkey gateway calls serve({ port }) without a host.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number') {
    const callback = args.find((a) => typeof a === 'function');
    return callback ? listen.call(this, args[0], '127.0.0.1', callback) : listen.call(this, args[0], '127.0.0.1');
  }
  if (args[0] && typeof args[0] === 'object' && args[0].path === undefined) return listen.call(this, { ...args[0], host: '127.0.0.1' }, ...args.slice(1));
  return listen.apply(this, args);
};
