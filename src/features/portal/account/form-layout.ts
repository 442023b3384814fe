/**
 * The account forms' layout: labels beside the boxes, and the button under the boxes. On a phone
 * antd puts each label above its box; the button's column then takes the whole width, or its
 * offset would push it 30 px past the screen's edge.
 */
export const accountForm = { labelCol: { span: 5 }, wrapperCol: { span: 15 } } as const;
export const accountButton = { xs: { span: 24 }, sm: { offset: 5, span: 15 } } as const;
