// The public face of the mail module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export {
  deliverOutbox,
  folderTransport,
  smtpTransport,
  type MailMessage,
  type MailTransport,
} from './mail.delivery.js';
export { enqueueMail } from './mail.repository.js';
