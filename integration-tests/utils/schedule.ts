import { WorkflowManager, WorkflowScheduler, type WorkflowDefinition } from "@medusajs/framework/orchestration"

/**
 * Takes one of the app's scheduled jobs off Medusa's scheduler (call it in `beforeAll`): a spec
 * that runs the job itself would otherwise meet a scheduled run at a moment of its own, which
 * claims the work and leaves the spec's own run with nothing to do while it is under way.
 */
export async function takeOffSchedule(job: { name: string }) {
  const scheduled: WorkflowDefinition | undefined = WorkflowManager.getWorkflow(`job-${job.name}`)
  if (!scheduled) throw new Error(`no scheduled job job-${job.name}`)
  await new WorkflowScheduler().clearWorkflow(scheduled)
}
