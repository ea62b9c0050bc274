// Route files import what they call from here, so their import paths stay short at any depth.
export { receiveBridgeMessageWorkflow } from "../../../../../workflows/chat/receive-bridge-message"
