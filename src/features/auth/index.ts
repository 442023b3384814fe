// What other features may use of the sign-in feature (the walls of eslint.config.js): the graphic
// captcha and the SMS code request, which the portal's phone change asks for too (2 §5), and the
// generated forms' widget of both (a low-balance recipient's code, 3 §5).
export { CaptchaField } from "./captcha-field";
export { askForSmsCode, smsCodeRequester } from "./request-sms-code";
export { useCaptcha, type Captcha } from "./use-captcha";
export { captchaCodeWidget, type SmsCodeRequest } from "./captcha-code-widget";
