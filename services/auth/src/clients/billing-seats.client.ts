import type { AxiosInstance } from 'axios';
import { parseAnswer } from '@portal/platform';
import { internalFirmSeatsAnswer } from '@portal/contracts/internal';
import type { SeatReader } from '../domain/firm-ports';

/** billing's count of a firm's seats (GET /internal/firms/:firmId/seats), parsed against its contract. */
export function billingSeatsClient(http: AxiosInstance): SeatReader {
  return async (firmId) => {
    const { data } = await http.get(`/internal/firms/${encodeURIComponent(firmId)}/seats`);
    const { seats, paidUntil } = parseAnswer(internalFirmSeatsAnswer, data, 'billing /internal/firms/:firmId/seats');
    return { seats, paidUntil: paidUntil ? new Date(paidUntil) : null };
  };
}
