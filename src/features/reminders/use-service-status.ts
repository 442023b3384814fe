import { reminderApi } from "../../../resources/reminders/smart-reminder";
import { useCall } from "../../lib/use-call";

export interface ServiceStatusAnswer {
  status: 0 | 1;
  paidUntil: string;
}

/**
 * The service's switch as the server holds it (GET /cms/smsstatus): one cached call however many
 * parts of /smartTeaService ask (the switch and every time selector), asked again after enabling.
 */
export function useServiceStatus() {
  const state = useCall<ServiceStatusAnswer>(reminderApi.status);
  return { ...state, on: state.answer?.data.status === 1 };
}
