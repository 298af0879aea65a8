/**
 * Runs `run` in a task of its own, right after the current one (a message to itself, which the
 * browser runs before timers): work a module would do while it is evaluated (starting requests)
 * then no longer lengthens that one long task, and still comes before React's first render.
 */
export function nextTask(run: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(undefined);
}
