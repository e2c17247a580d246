/** The 流转卡 (process ticket): its sheet, print document and layout rules, shared by templates, work orders and printing. */
export { TicketPreview, TicketSheet, ticketPage, TICKET_CSS, type TicketLayout } from './ticket-sheet';
export { printTicket, ticketPrintDocument, PRINT_FRAME_CLASS } from './ticket-print';
export { loneHalfFields, moveField, toggleField } from './ticket-layout';
export { SAMPLE_ROUTE_STEPS, SAMPLE_TICKET, SAMPLE_WORK_ORDER } from './ticket-sample';
export { orderTicketContent, type TicketContent, type TicketStep } from './ticket-content';
