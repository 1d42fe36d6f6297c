function i(){}export{i};
