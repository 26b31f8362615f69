// The Mini App page: a placeholder until the form is built (issue 35).
document.getElementById("app").textContent = "…";
